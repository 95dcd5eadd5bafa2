import type { BenchAnswer } from './api-answer.js';

/**
 * A task's stages (the GET's `stages`, issue 30) as a table: when each began, how many times it
 * ran, its wall time and the CPU spent meanwhile in the service's process and its children, and
 * its share of the job's wall time. Stages overlap (a download while the script is voiced; encode
 * inside render), so the shares do not add up to 100 %.
 */
export function stageTable(title: string, task: BenchAnswer): string {
  const stages = task.stages ?? [];
  if (!stages.length) return `${title}: no stages recorded`;
  const run = stages.find((s) => s.name === 'run')?.wall_ms ?? Math.max(...stages.map((s) => s.started_ms + s.wall_ms));
  const s1 = (ms: number | null) => (ms === null ? '–' : (ms / 1000).toFixed(2));
  const rows = stages.map((s) => [
    s.name,
    s1(s.started_ms),
    String(s.count),
    s1(s.wall_ms),
    s1(s.cpu_ms),
    s1(s.child_cpu_ms),
    run > 0 ? `${Math.round((100 * s.wall_ms) / run)} %` : '–',
  ]);
  const head = ['stage', 'from s', 'runs', 'wall s', 'cpu s', 'child cpu s', 'of run'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [`${title}:`, `  ${line(head)}`, ...rows.map((r) => `  ${line(r)}`)].join('\n');
}
