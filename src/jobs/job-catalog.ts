import type { Lane } from '../engines/queue/lanes.js';
import { isSideJob, type AnyJobDefinition } from './job-definition.js';

/** Name → definition; checked at start-up so a job name with no handler fails fast. */
export class JobCatalog {
  private readonly byName = new Map<string, AnyJobDefinition>();

  register(...defs: AnyJobDefinition[]): this {
    for (const def of defs) {
      if (this.byName.has(def.name)) throw new Error(`job "${def.name}" is registered twice`);
      this.byName.set(def.name, def);
    }
    return this;
  }

  get(name: string): AnyJobDefinition | undefined {
    return this.byName.get(name);
  }

  /** The lane a job runs in (see engines/queue/lanes.ts); an unknown name runs as heavy. */
  laneOf(name: string): Lane {
    const def = this.byName.get(name);
    if (!def) return 'heavy';
    return def.lane ?? (isSideJob(def) ? 'light' : 'heavy');
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Every name the services enqueue must have a handler (`jobNamesOf` the task kinds, and the side jobs). */
  assertCovers(names: string[]): void {
    const missing = names.filter((n) => !this.byName.has(n));
    if (missing.length) throw new Error(`job catalog has no handler for: ${missing.join(', ')}`);
  }
}

/** The job names task kinds enqueue: each kind's `jobs`, so no list of names is kept by hand. */
export function jobNamesOf(kinds: readonly { jobs: Record<string, string> }[]): string[] {
  return kinds.flatMap((k) => Object.values(k.jobs));
}
