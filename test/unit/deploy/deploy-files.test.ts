import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..', '..');
const read = (name: string) => readFileSync(join(root, name), 'utf8');

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { disable?: boolean };
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
  stop_grace_period?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
const configSource = read('src/app/config.ts');

/** Settings that two processes of one deployment must agree on, or files, jobs and URLs break. */
const SHARED = [
  'SIGNING_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'PUBLIC_BASE_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'FILE_URLS',
];

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, an S3 store, one api and several workers', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'redis', 's3', 'api', 'worker']));
    expect(services.api!.command).toEqual(['api']);
    expect(services.worker!.command).toEqual(['worker']);
    expect((services.worker as { deploy?: { replicas?: number } }).deploy?.replicas).toBeGreaterThan(1);
  });

  it('gives the api and every worker the same shared settings', () => {
    for (const name of SHARED) {
      expect(services.api!.environment?.[name], name).toBeTruthy();
      expect(services.worker!.environment?.[name], name).toBe(services.api!.environment?.[name]);
    }
  });

  it('sets only settings the service reads', () => {
    for (const role of ['api', 'worker']) {
      for (const name of Object.keys(services[role]!.environment ?? {})) {
        expect(configSource.includes(`'${name}'`) || configSource.includes(`env.${name}`), `${role}: ${name} is not read by src/app/config.ts`).toBe(true);
      }
    }
  });

  it('publishes only the api, checks health only where there is a port, and gives both time to drain', () => {
    expect(services.api!.ports).toEqual(['8080:8080']);
    expect(services.worker!.ports).toBeUndefined();
    expect(services.worker!.healthcheck?.disable).toBe(true);
    for (const role of ['api', 'worker']) {
      expect(Object.keys(services[role]!.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'redis']));
      // Docker's default stop timeout (10 s) would SIGKILL a draining worker mid-job.
      expect(parseInt(services[role]!.stop_grace_period ?? '10', 10)).toBeGreaterThan(Number(services[role]!.environment?.SHUTDOWN_GRACE_SECONDS ?? 10));
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('uses the Node major version package.json asks for', () => {
    const wanted = /(\d+)/.exec(JSON.parse(read('package.json')).engines.node)![1];
    expect(dockerfile).toMatch(new RegExp(`^FROM node:${wanted}-`, 'm'));
  });

  it('installs through the project set-up script, runs as a numeric non-root user, checks readiness, and takes signals directly', () => {
    expect(dockerfile).toMatch(/bash scripts\/setup\.sh --runtime/);
    expect(dockerfile).toMatch(/^USER [1-9]\d*:[1-9]\d*$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/readyz/ms);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "bin\/clipwright\.mjs"\]$/m);
  });

  it('keeps local state and installed folders out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'data', '.git', 'sidecars/*/.venv']));
  });

  const hadolint = join(root, '.venv-lint', 'bin', 'hadolint');
  it('passes hadolint (installed by scripts/setup.sh --test)', () => {
    expect(existsSync(hadolint), 'run bash scripts/setup.sh --test').toBe(true);
    // Exits non-zero with the findings on stdout; execFileSync then throws with them.
    expect(execFileSync(hadolint, [join(root, 'Dockerfile')], { encoding: 'utf8' })).toBe('');
  });
});
