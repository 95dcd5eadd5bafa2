import { readdirSync, readFileSync } from 'node:fs';

/** CPU time so far, in ms: this process's (every thread) and its child processes' (null where /proc is missing). */
export interface CpuReading {
  processCpuMs: number;
  childCpuMs: number | null;
}

/** Linux reports CPU times in clock ticks; 100 a second on every common kernel build (`getconf CLK_TCK`). */
const MS_PER_TICK = 10;

/**
 * Reads the CPU spent so far. The process's comes from `process.cpuUsage()` (user + system of
 * every thread, worker threads included). Children's are read from /proc: the finished ones
 * (ffmpeg runs) are in this process's own `cutime + cstime`, the running ones (the long-lived
 * speech and cut-out workers) in their `utime + stime + cutime + cstime` — so the sum only grows,
 * and a difference of two readings is what children spent in between, at 10 ms resolution.
 */
export function readCpu(): CpuReading {
  const usage = process.cpuUsage();
  return { processCpuMs: (usage.user + usage.system) / 1000, childCpuMs: childCpuMs() };
}

function childCpuMs(): number | null {
  try {
    const self = statTicks(readFileSync('/proc/self/stat', 'utf8'));
    let ticks = self.childTicks;
    for (const pid of liveChildren()) {
      try {
        const child = statTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        ticks += child.ownTicks + child.childTicks;
      } catch {
        // It exited between the listing and the read: its time is in our cutime from now on.
      }
    }
    return ticks * MS_PER_TICK;
  } catch {
    return null;
  }
}

/** A child belongs to the thread that spawned it, so every thread's list is read. */
function liveChildren(): string[] {
  const pids: string[] = [];
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      pids.push(...readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean));
    } catch {
      // A thread that ended meanwhile, or a kernel without the children file: counted as none.
    }
  }
  return pids;
}

/** Fields 14–17 of /proc/<pid>/stat (utime, stime, cutime, cstime), counted after the command's closing parenthesis. */
function statTicks(stat: string): { ownTicks: number; childTicks: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Field 3 (state) is the first after the parenthesis, so field n is at index n - 3.
  const at = (n: number) => Number(fields[n - 3]);
  return { ownTicks: at(14) + at(15), childTicks: at(16) + at(17) };
}
