import type { paths, ResultOf } from '../../packages/sdk/src/index.js';

/*
 * Answers typed by the OpenAPI document (the SDK's generated types), by the path a test reads them
 * from, so a test that reads a field the document does not declare fails to compile.
 */

/** A documented path with its `{param}` parts filled in: `/api/aurora/{id}/` is `/api/aurora/${string}/`. */
type Filled<P> = P extends `${infer Head}{${string}}${infer Tail}` ? Filled<`${Head}${string}${Tail}`> : P;
/** Every documented path as a test writes it, with its parameters filled in (and no query). */
export type ApiPath = { [P in keyof paths]: Filled<P> }[keyof paths];
/** The documented paths that take a parameter, filled in: what `waitForTask` may poll. */
export type TaskPath = { [P in keyof paths]: P extends `${string}{${string}}${string}` ? Filled<P> : never }[keyof paths];
/** The documented paths a path without a query matches: a literal one (`/api/voices/paginated/`) before one with parameters (`/api/voices/{id}/`). */
type LiteralMatch<S extends string> = { [P in keyof paths]: S extends P ? P : never }[keyof paths];
type FilledMatch<S extends string> = { [P in keyof paths]: S extends Filled<P> ? P : never }[keyof paths];
/** The documented path a filled-in path (a query after `?` aside) was written from. */
type DocumentedPath<S extends string> = S extends `${infer Path}?${string}`
  ? DocumentedPath<Path>
  : [LiteralMatch<S>] extends [never]
    ? FilledMatch<S>
    : LiteralMatch<S>;
/** A path as a test writes it, optionally with a query. */
export type ApiUrl = ApiPath | `${ApiPath}?${string}`;

/** The success answer of GET (or POST) at a path as a test writes it. */
export type AnswerOf<S extends ApiUrl, M extends 'get' | 'post' = 'get'> = ResultOf<DocumentedPath<S>, M>;

/**
 * What polling a path reads: of a GET that answers either a task or something else
 * (`/api/voices/{id}/`: a voice or a clone task), the task.
 */
export type PolledAnswer<S extends ApiUrl> = [Extract<AnswerOf<S>, { status: string }>] extends [never]
  ? AnswerOf<S>
  : Extract<AnswerOf<S>, { status: string }>;

/** A settled task's GET answer, by the path it was read from. */
export type TaskAnswer<S extends TaskPath> = Extract<AnswerOf<S>, { status: string }> & { status: 'done' | 'failed' };

/**
 * A file field of a task the test expects to be set: the document types them `string | null`
 * (null until the task has made the file), and a null here is the test's failure to report.
 */
export function fileUrl(url: string | null | undefined): string {
  if (!url) throw new Error(`expected a file URL, the task has ${JSON.stringify(url)}`);
  return url;
}

export type Voice = ResultOf<'/api/voices/paginated/'>['results'][number];
export type VoiceGroup = ResultOf<'/api/voices/'>[number];
export type PersonaAnswer = ResultOf<'/api/personas/{id}/'>;
