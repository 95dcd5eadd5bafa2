/** Messages between the CPU pool and its worker threads (plain, structured-cloneable data). */
import { AppError, FetchRefused, TaskFailure, ValidationError, type FieldErrors } from '../../core/errors.js';

export interface CpuCall {
  id: number;
  /** File URL of the module holding the function; workers import it once and keep it. */
  moduleUrl: string;
  exportName: string;
  args: unknown[];
}

/**
 * An error as data: name, message, stack and own fields cross; the class does not, so the
 * catalog's classes are rebuilt from their fields (see errorFromData).
 */
export interface CpuErrorData {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type CpuReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: CpuErrorData };

export function errorToData(err: unknown): CpuErrorData {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(err)) {
    try {
      fields[k] = structuredClone(v);
    } catch {
      // A field that cannot cross threads (a function, a socket) is left behind.
    }
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

/**
 * The error again, as the class callers test with `instanceof` where the catalog has one:
 * ValidationError, AppError (status and code: the HTTP mapping), TaskFailure (reason, transient:
 * the job runner's and the routes' mapping), FetchRefused. The original name is kept, so a
 * subclass (VoiceSampleRejected, NotFound) still reads as itself by name.
 */
export function errorFromData(data: CpuErrorData): Error {
  const f = data.fields;
  let err: Error;
  if (data.name === 'ValidationError' && f.fields && typeof f.fields === 'object') err = new ValidationError(f.fields as FieldErrors);
  else if (typeof f.status === 'number' && typeof f.code === 'string') err = new AppError(f.status, f.code, data.message);
  else if (typeof f.reason === 'string' && typeof f.transient === 'boolean') err = new TaskFailure(f.reason, f.transient);
  else if (data.name === 'FetchRefused') err = new FetchRefused(data.message);
  else err = new Error(data.message);
  Object.assign(err, f);
  err.name = data.name;
  if (data.stack) err.stack = data.stack;
  return err;
}

/**
 * The buffers of typed arrays in a value (itself, or one level down in an array or object) that
 * can be moved instead of copied: only views covering their whole buffer, so a pooled Buffer
 * slice never takes its neighbours' memory with it.
 */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const found = new Set<ArrayBuffer>();
  const consider = (v: unknown) => {
    if (!ArrayBuffer.isView(v)) return;
    const buf = v.buffer;
    if (buf instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === buf.byteLength) found.add(buf);
  };
  consider(value);
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const v of Array.isArray(value) ? value : Object.values(value)) consider(v);
  }
  return [...found];
}
