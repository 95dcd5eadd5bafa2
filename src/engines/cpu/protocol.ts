/** Messages between the CPU pool and its worker threads (plain, structured-cloneable data). */

export interface CpuCall {
  id: number;
  /** File URL of the module holding the function; workers import it once and keep it. */
  moduleUrl: string;
  exportName: string;
  args: unknown[];
}

/** An error as data: the class is lost on the way, the name, message, stack and fields are not. */
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
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

export function errorFromData(data: CpuErrorData): Error {
  const err = new Error(data.message);
  Object.assign(err, data.fields);
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
