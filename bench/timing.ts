/** Wall-clock helpers shared by the benchmarks (seconds as numbers). */
export function elapsed(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return elapsed(start);
}

/** `--name value` from the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1]! : fallback;
}
