import { z } from 'zod';
import { TaskFailure } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { taskFileKey } from './task-files.js';
import type { NewTask } from './task-service.js';

type Bag = Record<string, unknown>;

/**
 * A file's name (or folder) below the task's folder, or how a name made at run time is spelled
 * (`(index: number) => \`preview-${index}.mp4\``): the kind names every file its jobs write.
 */
export type TaskFileName = string | ((...parts: never[]) => string);
/** What `fileKey` takes after the role: a named file's sub-path segments, or a made name's parts. */
export type TaskFileArgs<N extends TaskFileName> = N extends (...parts: infer A) => string ? A : string[];

/**
 * The fields a schema declares, deeply, without a loose object's open index: a result patch may
 * name only declared fields, so a misspelt or undeclared one fails to compile (a loose result
 * would take it silently, and the wire would never show it). Typed maps (`z.record`) keep their
 * value type; an object of unknowns (a loose object with no named field) takes any object.
 */
export type Declared<T> = T extends readonly (infer E)[]
  ? readonly Declared<E>[]
  : T extends object
    ? keyof Named<T> extends never
      ? unknown extends T[keyof T]
        ? object
        : T
      : { [K in keyof T as string extends K ? never : number extends K ? never : K]: Declared<T[K]> }
    : T;
type Named<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/**
 * One capability's task, written once: its kind, its job names, what its input and result hold
 * (zod schemas), its price per step and the names of its files. The service that creates the
 * task, the job that runs it and the wire mapper that shows it all read the task through this,
 * so none of them casts `task.input` / `task.result`, and the hold at create and the charge at
 * done come from the same `price`.
 *
 * Stored rows outlive the code that wrote them: schemas must read every row ever written
 * (a field added later is optional or has a default; no strict objects), and the wire reads
 * through `shownInputOf`/`shownResultOf`, which never throw (a GET is never a 500 because of
 * an old row).
 */
export interface TaskKindSpec<I extends Bag, R extends Bag, J extends Record<string, string>, S extends string, M, F extends Record<string, TaskFileName>> {
  kind: string;
  /** Job name per role (`{ make: 'aurora.make' }`); the catalog checks each has a handler. */
  jobs: J;
  /** What the service freezes into `task.input`. */
  input: z.ZodType<I>;
  /** What the job (and follow-ups) write into `task.result`; a pending task has `{}`, so fields are optional. */
  result: z.ZodType<R>;
  /**
   * Millicredits of one step: called with an estimate for the hold at create (or at a follow-up)
   * and with what the job measured for the charge at done.
   */
  price: (step: S, input: I, measured: M) => number;
  /**
   * File name (or folder) per role, below the task's blob folder (`task-files.ts`); a function for
   * names made at run time. Jobs write files only at these keys (`fileKey`).
   */
  files: F;
}

export interface TaskKind<I extends Bag, R extends Bag, J extends Record<string, string>, S extends string, M, F extends Record<string, TaskFileName>>
  extends TaskKindSpec<I, R, J, S, M, F> {
  /** The task's input, parsed; a row that cannot be read fails the job for good (`TaskFailure`). */
  inputOf(task: Pick<Task, 'id' | 'kind' | 'input'>): I;
  /** The task's result so far, parsed; throws like `inputOf`. */
  resultOf(task: Pick<Task, 'id' | 'kind' | 'result'>): R;
  /** For display: the input's readable fields (a field that does not parse is left out); never throws. */
  shownInputOf(task: Pick<Task, 'input'>): Partial<I>;
  /** For display: the result's readable fields; never throws. */
  shownResultOf(task: Pick<Task, 'result'>): Partial<R>;
  /** The key of one of the task's files: `files[name]` then sub-paths, or the name `files[name]` makes of the parts. */
  fileKey<N extends keyof F & string>(task: Pick<Task, 'accountId' | 'id'>, name: N, ...args: TaskFileArgs<F[N]>): string;
  /** A result patch as the job returns it, checked against the result's declared fields at compile time. */
  resultPatch(patch: Partial<Declared<R>>): Bag;
  /** The `NewTask` of a create: kind, frozen input, job name, and the hold priced from the estimate. */
  newTask(n: Omit<NewTask, 'kind' | 'input' | 'jobName' | 'holdMillicredits'> & { input: I; job: keyof J & string; step: S; estimate: M }): NewTask;
}

export function defineTaskKind<I extends Bag, R extends Bag, J extends Record<string, string>, S extends string, M, F extends Record<string, TaskFileName>>(
  spec: TaskKindSpec<I, R, J, S, M, F>,
): TaskKind<I, R, J, S, M, F> {
  const parsed = <T>(schema: z.ZodType<T>, value: unknown, task: Pick<Task, 'id' | 'kind'>, part: string): T => {
    if (task.kind !== spec.kind) throw new Error(`task ${task.id} is a ${task.kind}, not a ${spec.kind}`);
    const out = schema.safeParse(value);
    if (out.success) return out.data;
    const issue = out.error.issues[0];
    throw new TaskFailure(`This task's stored ${part} cannot be read (${issue?.path.join('.') || part}: ${issue?.message ?? 'invalid'}); create it again.`);
  };
  return {
    ...spec,
    inputOf: (task) => parsed(spec.input, task.input, task, 'input'),
    resultOf: (task) => parsed(spec.result, task.result, task, 'result'),
    shownInputOf: (task) => readable(spec.input, task.input),
    shownResultOf: (task) => readable(spec.result, task.result),
    fileKey: (task, name, ...args) => {
      const file = spec.files[name]!;
      // Sub-paths stay one segment each (taskFileKey refuses a '/' in one); a made name may have folders.
      if (typeof file === 'string') return taskFileKey(task, ...file.split('/'), ...args.map(String));
      return taskFileKey(task, ...String(Reflect.apply(file, undefined, args)).split('/'));
    },
    resultPatch: (patch) => ({ ...patch }),
    newTask: ({ input, job, step, estimate, ...rest }) => ({
      ...rest,
      kind: spec.kind,
      input: { ...input },
      jobName: spec.jobs[job]!,
      holdMillicredits: spec.price(step, input, estimate),
    }),
  };
}

/**
 * The fields of `value` that parse, one by one: an old or damaged row still shows everything it
 * can. Whole-object parse first (the common case, and it applies defaults).
 */
function readable<T extends Bag>(schema: z.ZodType<T>, value: unknown): Partial<T> {
  const whole = schema.safeParse(value);
  if (whole.success) return whole.data;
  if (!(schema instanceof z.ZodObject) || !value || typeof value !== 'object') return {};
  const out: Partial<T> = {};
  const bag: Bag = { ...value };
  for (const [field, fieldSchema] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const one = fieldSchema.safeParse(bag[field]);
    if (one.success && one.data !== undefined) Object.assign(out, { [field]: one.data });
  }
  return out;
}
