import type { AnyJobDefinition } from './job-definition.js';

/** Name → definition; checked at start-up so a job name with no handler fails fast. */
export class JobCatalog {
  private readonly byName = new Map<string, AnyJobDefinition>();

  register(def: AnyJobDefinition): this {
    if (this.byName.has(def.name)) throw new Error(`job "${def.name}" is registered twice`);
    this.byName.set(def.name, def);
    return this;
  }

  get(name: string): AnyJobDefinition | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Every name the services enqueue must have a handler. */
  assertCovers(names: string[]): void {
    const missing = names.filter((n) => !this.byName.has(n));
    if (missing.length) throw new Error(`job catalog has no handler for: ${missing.join(', ')}`);
  }
}
