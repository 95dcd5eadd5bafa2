import type { FastifyRequest } from 'fastify';
import type { ListQuery } from '../core/store.js';

export interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const MAX_PAGE_SIZE = 100;

/** Values come from the validated query (numbers) or from a caller's own paging (text). */
type PageQuery = { page?: number | string; page_size?: number | string };

export function pageParams(q: PageQuery): { page: number; pageSize: number } {
  return { page: Number(q.page ?? 1), pageSize: Math.min(MAX_PAGE_SIZE, Number(q.page_size ?? 20)) };
}

/** The contract's envelope for one page of `count` items; `next`/`previous` keep the other query parameters. */
export function pageEnvelope<T>(request: FastifyRequest, baseUrl: string, count: number, page: number, pageSize: number, results: T[]): Page<T> {
  const link = (p: number) => {
    const url = new URL(request.url, baseUrl);
    url.searchParams.set('page', String(p));
    url.searchParams.set('page_size', String(pageSize));
    return `${baseUrl}${url.pathname}${url.search}`;
  };
  return {
    count,
    page,
    page_size: pageSize,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}

/** Pages an in-memory list. */
export function paginate<T>(request: FastifyRequest, baseUrl: string, all: T[], q: PageQuery): Page<T> {
  const { page, pageSize } = pageParams(q);
  const start = (page - 1) * pageSize;
  return pageEnvelope(request, baseUrl, all.length, page, pageSize, all.slice(start, start + pageSize));
}

export function listQueryFrom(q: { ids?: string; ordering?: string }): ListQuery {
  const ids = q.ids ? q.ids.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 100) : undefined;
  const ordering = q.ordering ?? '-created_at';
  return { ids, orderBy: ordering.replace('-', '') as ListQuery['orderBy'], descending: ordering.startsWith('-') };
}
