import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ListQuery } from '../../core/store.js';
import { listQueryFrom, pageOfStored } from '../pagination.js';
import { idParams, listQuery, pageQuery } from '../schemas/common.js';

/** How a group reads what it stores (its tasks; links too): the plain list and one item. */
export interface StoredReads<T> {
  list(accountId: string, q: ListQuery): Promise<T[]>;
  get(accountId: string, id: string): Promise<T>;
}

/** The two creates of a group whose tasks can stop at a preview (rendered later) or render at once. */
export type CreateMode = 'direct' | 'preview';

/** The instance routes are added on: bodies, params and queries typed by their zod schemas. */
const zodTyped = (root: FastifyInstance) => root.withTypeProvider<ZodTypeProvider>();
type ZodApp = ReturnType<typeof zodTyped>;

interface Operation {
  path: string;
  summary: string;
}

/**
 * The operations the task groups share, each answering in the group's own shape (`wire`): a
 * create from a body (201), a follow-up on one task (`POST …/:id/render/` and the like, 200),
 * the list with its `ids`/`ordering` filters, its `/paginated/` page, and one item. A group's
 * special routes go on `app` in between, so each file keeps its operations in the document's order.
 */
export class TaskRoutes<T, W> {
  readonly app: ZodApp;

  constructor(
    private readonly root: FastifyInstance,
    /** The group's tags in the document, for its special routes too. */
    readonly tags: string[],
    /** How an item is answered: the group's GET mapper, for its special routes too. */
    readonly wire: (item: T) => W,
  ) {
    this.app = zodTyped(root);
  }

  /** The same routes (same answers) documented under other tags: an operation another group's page lists. */
  tagged(tags: string[]): TaskRoutes<T, W> {
    return new TaskRoutes(this.root, tags, this.wire);
  }

  /** `POST path`: a new item from the validated body, answered 201. */
  create<B extends z.ZodType>(path: string, summary: string, body: B, create: (accountId: string, body: z.output<B>) => Promise<T>): void {
    this.app.post(path, { schema: { tags: this.tags, summary, body } }, async (request, reply) => {
      // The validator has made the body `z.output<B>`; fastify's inference cannot say so while B is a type parameter.
      const parsed = request.body as z.output<B>;
      return reply.status(201).send(this.wire(await create(request.accountId, parsed)));
    });
  }

  /** `create` twice over one body: the direct render and the preview, in that order. */
  createInModes<B extends z.ZodType>(
    body: B,
    create: (accountId: string, body: z.output<B>, mode: CreateMode) => Promise<T>,
    operations: Record<CreateMode, Operation>,
  ): void {
    for (const mode of ['direct', 'preview'] as const) {
      const { path, summary } = operations[mode];
      this.create(path, summary, body, (accountId, b) => create(accountId, b, mode));
    }
  }

  /** `POST path` naming one item by `:id` (a render, a new preview), answered 200. */
  onItem(path: string, summary: string, act: (accountId: string, id: string) => Promise<T>): void {
    this.app.post(path, { schema: { tags: this.tags, summary, params: idParams } }, async (request) => {
      return this.wire(await act(request.accountId, request.params.id));
    });
  }

  /** `GET path`: the caller's items, filtered by `ids` and ordered by `ordering`. */
  list(path: string, summary: string, source: Pick<StoredReads<T>, 'list'>): void {
    this.app.get(path, { schema: { tags: this.tags, summary, querystring: listQuery } }, async (request) => {
      return (await source.list(request.accountId, listQueryFrom(request.query))).map((item) => this.wire(item));
    });
  }

  /** `GET path`: one page of the same list in the contract's envelope (`next`/`previous` under `publicBaseUrl`). */
  paginated(
    path: string,
    summary: string,
    source: Pick<StoredReads<T>, 'list'> & { count(accountId: string, q: ListQuery): Promise<number> },
    publicBaseUrl: string,
  ): void {
    const querystring = listQuery.extend(pageQuery.shape);
    this.app.get(path, { schema: { tags: this.tags, summary, querystring } }, async (request) => {
      const pages = { list: (q: ListQuery) => source.list(request.accountId, q), count: (q: ListQuery) => source.count(request.accountId, q) };
      return pageOfStored(request, publicBaseUrl, request.query, pages, (item) => this.wire(item));
    });
  }

  /** `GET path` naming one item by `:id`. */
  get(path: string, summary: string, source: Pick<StoredReads<T>, 'get'>): void {
    this.app.get(path, { schema: { tags: this.tags, summary, params: idParams } }, async (request) => {
      return this.wire(await source.get(request.accountId, request.params.id));
    });
  }

  /** `GET base` (the list) and `GET base:id/` (one item), the two reads every task group has. */
  reads(base: string, source: StoredReads<T>, summaries: { list: string; get: string }): void {
    this.list(base, summaries.list, source);
    this.get(`${base}:id/`, summaries.get, source);
  }
}
