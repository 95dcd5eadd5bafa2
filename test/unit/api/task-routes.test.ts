import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ListQuery } from '../../../src/core/store.js';
import { TaskRoutes } from '../../../src/api/routes/task-routes.js';

interface Item {
  id: string;
  note: string;
}

/** A group's service as the routes see it, recording what it was asked. */
function fakeService() {
  const calls: unknown[][] = [];
  const item = (id: string, note: string): Item => ({ id, note });
  return {
    calls,
    async create(accountId: string, text: string, mode: string) {
      calls.push(['create', accountId, text, mode]);
      return item('new', `${mode}:${text}`);
    },
    async render(accountId: string, id: string) {
      calls.push(['render', accountId, id]);
      return item(id, 'rendered');
    },
    async list(accountId: string, q: ListQuery) {
      calls.push(['list', accountId, q]);
      return [item('a', 'first'), item('b', 'second'), item('c', 'third')].slice(q.offset ?? 0, (q.offset ?? 0) + (q.limit ?? 3));
    },
    async count(accountId: string, q: ListQuery) {
      calls.push(['count', accountId, q]);
      return 3;
    },
    async get(accountId: string, id: string) {
      calls.push(['get', accountId, id]);
      return item(id, 'one');
    },
  };
}

describe('TaskRoutes', () => {
  let app: FastifyInstance;
  let service: ReturnType<typeof fakeService>;

  beforeEach(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.addHook('onRequest', async (request) => {
      request.accountId = 'acct-1';
    });
    service = fakeService();
    const routes = new TaskRoutes(app, ['Things'], (t: Item) => ({ id: t.id, shown: t.note.toUpperCase() }));
    const body = z.object({ text: z.string().min(1) });
    routes.createInModes(body, (accountId, b, mode) => service.create(accountId, b.text, mode), {
      direct: { path: '/api/things/', summary: 'Make a thing' },
      preview: { path: '/api/things/preview/', summary: 'Preview a thing' },
    });
    routes.onItem('/api/things/:id/render/', 'Render a thing', (accountId, id) => service.render(accountId, id));
    routes.list('/api/things/', 'List things', service);
    routes.paginated('/api/things/paginated/', 'Things, paginated', service, 'https://api.example');
    routes.get('/api/things/:id/', 'Get a thing', service);
    await app.ready();
  });
  afterEach(() => app.close());

  it('answers a create 201 in the wire shape, with the validated body and the mode of its path', async () => {
    const direct = await app.inject({ method: 'POST', url: '/api/things/', payload: { text: 'hi' } });
    expect(direct.statusCode).toBe(201);
    expect(direct.json()).toEqual({ id: 'new', shown: 'DIRECT:HI' });
    const preview = await app.inject({ method: 'POST', url: '/api/things/preview/', payload: { text: 'yo' } });
    expect(preview.statusCode).toBe(201);
    expect(preview.json()).toEqual({ id: 'new', shown: 'PREVIEW:YO' });
    expect(service.calls).toEqual([
      ['create', 'acct-1', 'hi', 'direct'],
      ['create', 'acct-1', 'yo', 'preview'],
    ]);
  });

  it('validates the body before the service is asked', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/things/', payload: { text: '' } });
    expect(r.statusCode).toBe(400);
    expect(service.calls).toEqual([]);
  });

  it('answers a follow-up on one item 200, naming it by :id', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/things/t-9/render/' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ id: 't-9', shown: 'RENDERED' });
    expect(service.calls).toEqual([['render', 'acct-1', 't-9']]);
  });

  it('lists with the ids and ordering filters, and gets one item', async () => {
    const list = await app.inject({ method: 'GET', url: '/api/things/?ids=a,b&ordering=updated_at' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      { id: 'a', shown: 'FIRST' },
      { id: 'b', shown: 'SECOND' },
      { id: 'c', shown: 'THIRD' },
    ]);
    expect(service.calls).toEqual([['list', 'acct-1', { ids: ['a', 'b'], orderBy: 'updated_at', descending: false }]]);
    const one = await app.inject({ method: 'GET', url: '/api/things/x/' });
    expect(one.json()).toEqual({ id: 'x', shown: 'ONE' });
  });

  it('pages the list in the envelope, counting over the same filters', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/things/paginated/?page=2&page_size=1' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      count: 3,
      page: 2,
      page_size: 1,
      next: 'https://api.example/api/things/paginated/?page=3&page_size=1',
      previous: 'https://api.example/api/things/paginated/?page=1&page_size=1',
      results: [{ id: 'b', shown: 'SECOND' }],
    });
    const filters = { ids: undefined, orderBy: 'created_at', descending: true };
    expect(service.calls).toEqual([
      ['list', 'acct-1', { ...filters, offset: 1, limit: 1 }],
      ['count', 'acct-1', filters],
    ]);
  });
});
