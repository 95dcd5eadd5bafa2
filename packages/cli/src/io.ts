import type { Settling } from '../../sdk/src/index.js';

/** Where a command writes: stdout for results (pipeable), stderr for progress and errors. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
}

export const printJson = (io: Io, value: unknown) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

/** Left-aligned columns; the last column is not padded so long values do not push lines wider. */
export function printTable(io: Io, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  io.stdout.write(`${[line(header), ...rows.map(line)].join('\n')}\n`);
}

const BAR_WIDTH = 30;

/**
 * A wait's progress on stderr: a redrawn bar on a terminal, one plain line per change otherwise
 * (logs and CI keep a readable history instead of carriage returns).
 */
export function progressReporter(io: Io, label: string): { update(state: Settling): void; end(): void } {
  const tty = Boolean(io.stderr.isTTY);
  let drawn = false;
  return {
    update(state) {
      const percent = Math.max(0, Math.min(100, Math.round(state.progress ?? 0)));
      if (!tty) {
        io.stderr.write(`${label} ${state.id}: ${state.status ?? 'done'} ${percent}%\n`);
        return;
      }
      const filled = Math.round((percent / 100) * BAR_WIDTH);
      io.stderr.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(percent).padStart(3)}% ${state.status ?? ''}\u001b[K`);
      drawn = true;
    },
    end() {
      if (drawn) io.stderr.write('\n');
    },
  };
}
