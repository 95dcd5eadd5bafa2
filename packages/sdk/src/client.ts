import type { paths } from './generated/openapi-types.js';
import { Http, type ClientOptions, type CreateOptions, type RequestOptions } from './http.js';
import { taskEvents, textStream, type TaskEventsOptions } from './streams.js';
import { TASK_KINDS, type TaskKindName } from './task-kinds.js';
import type { BodyOf, QueryOf, ResultOf } from './types.js';
import { waitUntilSettled, type Settling, type WaitOptions } from './wait.js';

export type CreateAndWaitOptions = CreateOptions & WaitOptions;

type Kind<K extends TaskKindName> = (typeof TASK_KINDS)[K];
type Task<K extends TaskKindName> = ResultOf<Kind<K>['get']>;
type CreatePath<K extends TaskKindName, N extends keyof Kind<K>['creates']> = Kind<K>['creates'][N] & keyof paths;
type FollowUpPath<K extends TaskKindName, N extends keyof Kind<K>['followUps']> = Kind<K>['followUps'][N] & keyof paths;
/** A follow-up's optional body (only render_single_preview-style follow-ups take one). */
type FollowUpBody<P extends keyof paths> = [BodyOf<P>] extends [never] ? undefined : BodyOf<P>;

/**
 * One group's helpers, built from its TASK_KINDS entry:
 * `create(body)` / `createAndWait(body)` for each create path, `render(id)` / `renderAndWait(id)`
 * for each follow-up, plus `get`, `list` (where the group has one) and `wait`.
 */
export type TaskGroup<K extends TaskKindName> = {
  get(id: string, options?: RequestOptions): Promise<Task<K>>;
  /** Polls until the task settles (done / failed / active); throws TaskFailedError on failed. */
  wait(id: string, options?: WaitOptions): Promise<Task<K>>;
} & (Kind<K>['list'] extends keyof paths
  ? { list(query?: QueryOf<Kind<K>['list']>, options?: RequestOptions): Promise<ResultOf<Kind<K>['list']>> }
  : unknown) & {
    [N in keyof Kind<K>['creates']]: (body: BodyOf<CreatePath<K, N>>, options?: CreateOptions) => Promise<ResultOf<CreatePath<K, N>, 'post'>>;
  } & {
    [N in keyof Kind<K>['creates'] as `${N & string}AndWait`]: (body: BodyOf<CreatePath<K, N>>, options?: CreateAndWaitOptions) => Promise<Task<K>>;
  } & {
    [N in keyof Kind<K>['followUps']]: (
      id: string,
      body?: FollowUpBody<FollowUpPath<K, N>>,
      options?: CreateOptions,
    ) => Promise<ResultOf<FollowUpPath<K, N>, 'post'>>;
  } & {
    [N in keyof Kind<K>['followUps'] as `${N & string}AndWait`]: (
      id: string,
      body?: FollowUpBody<FollowUpPath<K, N>>,
      options?: CreateAndWaitOptions,
    ) => Promise<Task<K>>;
  };

const idempotencyHeaders = (options?: CreateOptions) => (options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined);

function taskGroup<K extends TaskKindName>(http: Http, kind: K): TaskGroup<K> {
  const paths = TASK_KINDS[kind] as {
    get: keyof paths;
    list: keyof paths | null;
    creates: Record<string, keyof paths>;
    followUps: Record<string, keyof paths>;
  };
  const get = (id: string, options: RequestOptions = {}) => http.call<Settling>('GET', paths.get, { id, signal: options.signal });
  const wait = (id: string, options: WaitOptions = {}) => waitUntilSettled((signal) => get(id, { signal }), options);
  const group: Record<string, unknown> = { get, wait };
  if (paths.list) {
    const list = paths.list;
    group.list = (query?: object, options: RequestOptions = {}) => http.call('GET', list, { query, signal: options.signal });
  }
  for (const [name, path] of Object.entries(paths.creates)) {
    const create = (body: unknown, options: CreateOptions = {}) =>
      http.call<Settling>('POST', path, { body, headers: idempotencyHeaders(options), signal: options.signal });
    group[name] = create;
    group[`${name}AndWait`] = async (body: unknown, options: CreateAndWaitOptions = {}) => wait((await create(body, options)).id, options);
  }
  for (const [name, path] of Object.entries(paths.followUps)) {
    const followUp = (id: string, body?: unknown, options: CreateOptions = {}) =>
      http.call<Settling>('POST', path, { id, body, headers: idempotencyHeaders(options), signal: options.signal });
    group[name] = followUp;
    group[`${name}AndWait`] = async (id: string, body?: unknown, options: CreateAndWaitOptions = {}) => wait((await followUp(id, body, options)).id, options);
  }
  return group as TaskGroup<K>;
}

/** The groups that are catalogs or plain resources rather than tasks. */
function resources(http: Http) {
  const get = <P extends keyof paths>(path: P, query?: object, options: RequestOptions = {}) =>
    http.call<ResultOf<P>>('GET', path, { query, signal: options.signal });
  const byId = <P extends keyof paths>(path: P, id: string, options: RequestOptions = {}) =>
    http.call<ResultOf<P>>('GET', path, { id, signal: options.signal });
  return {
    workspace: {
      remainingCredits: (options?: RequestOptions) => get('/api/remaining_credits/', undefined, options),
    },
    links: {
      create: (body: BodyOf<'/api/links/'>, options: CreateOptions = {}) =>
        http.call<ResultOf<'/api/links/', 'post'>>('POST', '/api/links/', { body, headers: idempotencyHeaders(options), signal: options.signal }),
      createWithParams: (body: BodyOf<'/api/links/link_with_params/'>, options: CreateOptions = {}) =>
        http.call<ResultOf<'/api/links/link_with_params/', 'post'>>('POST', '/api/links/link_with_params/', {
          body,
          headers: idempotencyHeaders(options),
          signal: options.signal,
        }),
      get: (id: string, options?: RequestOptions) => byId('/api/links/{id}/', id, options),
      list: (query?: QueryOf<'/api/links/'>, options?: RequestOptions) => get('/api/links/', query, options),
      update: (id: string, body: BodyOf<'/api/links/{id}/', 'put'>, options: RequestOptions = {}) =>
        http.call<ResultOf<'/api/links/{id}/', 'put'>>('PUT', '/api/links/{id}/', { id, body, signal: options.signal }),
    },
    voices: {
      list: (query?: QueryOf<'/api/voices/'>, options?: RequestOptions) => get('/api/voices/', query, options),
      paginated: (query?: QueryOf<'/api/voices/paginated/'>, options?: RequestOptions) => get('/api/voices/paginated/', query, options),
      get: (id: string, options?: RequestOptions) => byId('/api/voices/{id}/', id, options),
      delete: (id: string, options: RequestOptions = {}) => http.call<void>('DELETE', '/api/voices/{id}/', { id, signal: options.signal }),
    },
    avatars: {
      list: (query?: QueryOf<'/api/personas/'>, options?: RequestOptions) => get('/api/personas/', query, options),
      paginated: (query?: QueryOf<'/api/personas/paginated/'>, options?: RequestOptions) => get('/api/personas/paginated/', query, options),
      listV2: (query?: QueryOf<'/api/personas_v2/'>, options?: RequestOptions) => get('/api/personas_v2/', query, options),
      paginatedV2: (query?: QueryOf<'/api/personas_v2/paginated/'>, options?: RequestOptions) => get('/api/personas_v2/paginated/', query, options),
      get: (id: string, options?: RequestOptions) => byId('/api/personas/{id}/', id, options),
      customCount: (options?: RequestOptions) => get('/api/personas_v2/count/', undefined, options),
    },
    music: {
      categories: (options?: RequestOptions) => get('/api/music_categories/', undefined, options),
      tracks: (query?: QueryOf<'/api/musics/'>, options?: RequestOptions) => get('/api/musics/', query, options),
    },
    customTemplates: {
      list: (query?: QueryOf<'/api/custom_templates/'>, options?: RequestOptions) => get('/api/custom_templates/', query, options),
      get: (id: string, options?: RequestOptions) => byId('/api/custom_templates/{template_id}/', id, options),
    },
    dyoa: { list: (query?: QueryOf<'/api/dyoa/'>, options?: RequestOptions) => get('/api/dyoa/', query, options) },
    inspirations: {
      list: (query?: QueryOf<'/api/inspirations/'>, options?: RequestOptions) => get('/api/inspirations/', query, options),
      get: (id: string, options?: RequestOptions) => byId('/api/inspirations/{id}/', id, options),
    },
    /** The asset models with a JSON Schema of their inputs (compatible shape). */
    assetSchemas: (options?: RequestOptions) => get('/api/asset_generator/schemas/', undefined, options),
    /** The asset models with their inputs as the spec describes them (`model_name` filters, comma-separated). */
    aiGenerationSchema: (query?: QueryOf<'/api/ai_generation/schema/'>, options?: RequestOptions) => get('/api/ai_generation/schema/', query, options),
    tasks: {
      /**
       * The caller's tasks of every group, newest first, in the pagination envelope (`GET /api/tasks/`,
       * an extension): `page`, `page_size`; filters `group` and `status` (each one or several),
       * `created_after` / `created_before` (ISO 8601, exclusive). Each item names its `group`:
       * `client.api.GET('/api/{group}/{id}/')`-style reads give the whole task.
       */
      list: (query?: QueryOf<'/api/tasks/'>, options?: RequestOptions) => get('/api/tasks/', query, options),
      /** Live events of any task (Server-Sent Events), as an async iterator; see streams.ts. */
      events: (id: string, options?: TaskEventsOptions) => taskEvents(http, id, options),
    },
  };
}

/** Helpers of task groups beyond the ones TASK_KINDS builds: merged into those groups by createClient. */
function groupExtras(http: Http) {
  const deleteAvatar =
    (path: '/api/personas/{id}/' | '/api/personas_v2/{id}/') =>
    (id: string, options: RequestOptions = {}) =>
      http.call<void>('DELETE', path, { id, signal: options.signal });
  return {
    customAvatars: {
      /** Renames a custom avatar or changes its keywords / labels (PATCH /api/personas/{id}/; own custom avatars only). */
      update: (id: string, body: BodyOf<'/api/personas/{id}/', 'patch'>, options: RequestOptions = {}) =>
        http.call<ResultOf<'/api/personas/{id}/', 'patch'>>('PATCH', '/api/personas/{id}/', { id, body, signal: options.signal }),
      /** Deletes a custom avatar and its files (DELETE /api/personas/{id}/; built-in avatars cannot be). */
      delete: deleteAvatar('/api/personas/{id}/'),
      /** The same deletion by its v2 path (DELETE /api/personas_v2/{id}/). */
      deleteV2: deleteAvatar('/api/personas_v2/{id}/'),
    },
    textGenerator: {
      /**
       * POST /api/text_generator/stream/: an async iterable of the text as it is written; after the
       * loop, `.result` is the finished task. See TextStream for its errors.
       */
      stream: (body: BodyOf<'/api/text_generator/stream/'>, options?: CreateOptions) => textStream(http, body, options),
    },
  };
}

export type TaskGroups = { [K in TaskKindName]: TaskGroup<K> };
export type ClipwrightClient = TaskGroups &
  ReturnType<typeof groupExtras> &
  ReturnType<typeof resources> & {
    /** The raw typed openapi-fetch client: every endpoint of the document, e.g. `api.GET('/api/musics/')`. */
    api: Http['api'];
    baseUrl: string;
    /** The bytes of a file URL a task carries (output, video_output, preview …). */
    download(url: string, options?: RequestOptions): Promise<Uint8Array>;
  };

/** A client for one account of one Clipwright service. */
export function createClient(options: ClientOptions): ClipwrightClient {
  const http = new Http(options);
  const groups = Object.fromEntries((Object.keys(TASK_KINDS) as TaskKindName[]).map((kind) => [kind, taskGroup(http, kind)])) as TaskGroups;
  const extras = groupExtras(http);
  const merged = {
    ...groups,
    customAvatars: { ...groups.customAvatars, ...extras.customAvatars },
    textGenerator: { ...groups.textGenerator, ...extras.textGenerator },
  };
  return { ...merged, ...resources(http), api: http.api, baseUrl: http.baseUrl, download: (url, o) => http.download(url, o) };
}
