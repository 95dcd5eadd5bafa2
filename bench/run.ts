/**
 * `npm run bench -- <name> [args…]` runs bench/<name>.ts with its arguments; with no name it lists
 * the benchmarks with the first line of each one's header comment.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const HELPERS = new Set(['run', 'timing']);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .map((f) => f.slice(0, -3))
  .filter((n) => !HELPERS.has(n))
  .sort();
const [name, ...rest] = process.argv.slice(2);

if (!name || !names.includes(name)) {
  if (name) console.error(`no benchmark "${name}"`);
  console.log('usage: npm run bench -- <name> [args…]\n');
  for (const n of names) {
    const header = /\/\*\*\s*\n?\s*\*?\s*([^\n]+)/.exec(readFileSync(join(dir, `${n}.ts`), 'utf8'))?.[1] ?? '';
    console.log(`  ${n.padEnd(20)} ${header.trim()}`);
  }
  process.exitCode = name ? 2 : 0;
} else {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, `${name}.ts`), ...rest], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
