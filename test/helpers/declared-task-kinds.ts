import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const DOMAIN = join(import.meta.dirname, '..', '..', 'src', 'domain');

/** Every kind written with `defineTaskKind({ kind: '…' })` under src/domain: the task kinds services create. */
export function declaredTaskKinds(dir = DOMAIN): string[] {
  const kinds: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) kinds.push(...declaredTaskKinds(path));
    else if (name.endsWith('.ts')) for (const m of readFileSync(path, 'utf8').matchAll(/defineTaskKind\(\{\s*kind: '([^']+)'/g)) kinds.push(m[1]!);
  }
  return kinds;
}
