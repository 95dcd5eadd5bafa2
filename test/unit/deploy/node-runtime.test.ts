import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const read = (name: string) => readFileSync(join(root, name), 'utf8');
const major = (version: string) => Number(/^v?(\d+)\./.exec(version)![1]);
const wanted = Number(/(\d+)/.exec(JSON.parse(read('package.json')).engines.node)![1]);

// `npm test` and `npm start` are started from machines whose own node may be older (Node 20 here);
// scripts/setup.sh then links its pinned Node as node_modules/.bin/node, which npm puts first in PATH.
describe('the Node the project runs on', () => {
  it('runs the tests on the major version package.json asks for', () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(wanted);
  });

  it('starts the same node for a child started by name (tool shebangs, `node …` in scripts)', () => {
    const child = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } }).trim();
    expect(child).toBe(process.version);
  });

  it('pins one version in the set-up script, the CLI entry point and the image', () => {
    const pin = /^node_pin=(\d+)\.\d+\.\d+$/m.exec(read('scripts/setup.sh'));
    expect(Number(pin?.[1])).toBe(wanted);
    expect(read('bin/clipwright.mjs')).toMatch(new RegExp(`^const NODE_MAJOR = ${wanted};`, 'm'));
    expect(read('Dockerfile')).toMatch(new RegExp(`^FROM node:${wanted}-`, 'm'));
  });
});
