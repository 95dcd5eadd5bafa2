/**
 * A parsed body as its task echoes it back: only the fields its schema names. Bodies let unknown
 * fields through (a client's extra field is ignored, not refused), but an echo of them would break
 * the documented response shape (strict objects) and hand a client's junk back on every GET.
 */
export function echoOf(schema: { shape: Record<string, unknown> }, body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => Object.hasOwn(schema.shape, name)));
}
