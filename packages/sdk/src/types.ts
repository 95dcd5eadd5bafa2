import type { paths } from './generated/openapi-types.js';

/** Types over the generated `paths`, so every helper's body and answer come from the document. */
type Op<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' | 'delete'> = NonNullable<paths[P][M]>;

/** The JSON body an operation takes (`never` when it takes none). */
export type BodyOf<P extends keyof paths, M extends 'post' | 'put' | 'patch' = 'post'> =
  Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The JSON success body (200 or 201) of an operation. */
export type ResultOf<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' = 'get'> =
  Op<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { 'application/json': infer T } } }
      ? T
      : R extends { 201: { content: { 'application/json': infer T } } }
        ? T
        : never
    : never;

/** The query parameters of a GET. */
export type QueryOf<P extends keyof paths> = Op<P, 'get'> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
