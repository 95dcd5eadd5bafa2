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

/**
 * Values come from the validated query (`pageQuery` in schemas/common.ts: numbers) or from a
 * caller's own paging (text). `limit` is what many clients send for `page_size`; the contract's
 * name wins when both are given. Every paginated list reads its page here and nowhere else.
 */
type PageQuery = { page?: number | string; page_size?: number | string; limit?: number | string };

export function pageParams(q: PageQuery): { page: number; pageSize: number } {
  return { page: Number(q.page ?? 1), pageSize: Math.min(MAX_PAGE_SIZE, Number(q.page_size ?? q.limit ?? 20)) };
}

/** True when the query names a page or its size (lists that answer an array otherwise). */
export function asksForPage(q: PageQuery): boolean {
  return q.page !== undefined || q.page_size !== undefined || q.limit !== undefined;
}

/** The contract's envelope for one page of `count` items; `next`/`previous` keep the other query parameters. */
export function pageEnvelope<T>(request: FastifyRequest, baseUrl: string, count: number, page: number, pageSize: number, results: T[]): Page<T> {
  const link = (p: number) => {
    const url = new URL(request.url, baseUrl);
    url.searchParams.set('page', String(p));
    url.searchParams.set('page_size', String(pageSize));
    url.searchParams.delete('limit');
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

/** A stored list a page is read from: the matching rows (limit and offset given) and how many match. */
export interface PagedSource<T> {
  list(q: ListQuery): Promise<T[]>;
  count(q: ListQuery): Promise<number>;
}

/**
 * One page of a stored list (`GET /api/<group>/paginated/`): the plain list's filters (`ids`,
 * `ordering`) with the page's offset and size, and `count` over the same filters.
 */
export async function pageOfStored<T, W>(
  request: FastifyRequest,
  baseUrl: string,
  q: PageQuery & { ids?: string; ordering?: string },
  source: PagedSource<T>,
  wire: (item: T) => W,
): Promise<Page<W>> {
  const { page, pageSize } = pageParams(q);
  const filters = listQueryFrom(q);
  const [items, count] = await Promise.all([source.list({ ...filters, offset: (page - 1) * pageSize, limit: pageSize }), source.count(filters)]);
  return pageEnvelope(request, baseUrl, count, page, pageSize, items.map(wire));
}

export function listQueryFrom(q: { ids?: string; ordering?: string }): ListQuery {
  const ids = q.ids
    ? q.ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 100)
    : undefined;
  const ordering = q.ordering ?? '-created_at';
  return { ids, orderBy: ordering.replace('-', '') as ListQuery['orderBy'], descending: ordering.startsWith('-') };
}
