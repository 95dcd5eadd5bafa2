/**
 * What a checkout of the service answers, normalized, so two versions can be compared: a refactor
 * that must not change the API runs this on the commit before and after and diffs the outputs.
 *
 *   npx tsx scripts/response-fingerprint.ts [CHECKOUT_DIR] > answers.json
 *
 * It starts `clipwright serve` from CHECKOUT_DIR (default: this one) on a fresh data folder with
 * jobs held back (JOB_START_DELAY_MS), then sends, for every operation of the OpenAPI document:
 * every GET without a path id; every POST/PUT with its typical body (test/helpers/schema-samples.ts)
 * and with an empty body; then GET of each task a create made, by the group's `/:id/` path. The
 * output is the document plus each answer's status and body, with ids, times and signatures replaced
 * by placeholders in order of appearance.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SchemaSamples, type Schema } from '../test/helpers/schema-samples.js';

const checkout = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
const dataDir = mkdtempSync(join(tmpdir(), 'fingerprint-'));
const port = 30000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, [join(checkout, 'bin', 'clipwright.mjs'), 'serve'], {
  cwd: checkout,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JOB_START_DELAY_MS: '3600000',
    DEFAULT_ACCOUNT_CREDITS: '100000',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_PER_SECOND: '100000',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
child.stdout.on('data', (d) => (log += d));
child.stderr.on('data', (d) => (log += d));

async function started(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!/clipwright started/.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the service did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ids = new Map<string, string>();
function normalized(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!ids.has(id)) ids.set(id, `<id${ids.size + 1}>`);
      return ids.get(id)!;
    })
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g, '<time>')
    .replace(/([?&](expires|signature|sig|X-Amz-[A-Za-z-]+)=)[^&"\\]+/g, '$1<sig>')
    .replace(new RegExp(`(127\\.0\\.0\\.1|localhost):${port}`, 'g'), '<host>');
}

async function main(): Promise<void> {
  await started();
  const creds = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as { api_id: string; api_key: string };
  const headers = { 'x-api-id': creds.api_id, 'x-api-key': creds.api_key };
  const answers: { request: string; status: number; body: string }[] = [];
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    answers.push({
      request: normalized(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`),
      status: res.status,
      body: normalized(text),
    });
    return { status: res.status, text };
  };

  const docText = (await call('GET', '/api/openapi.json')).text;
  const doc = JSON.parse(docText) as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };
  const samples = new SchemaSamples();
  const created: { path: string; id: string }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase();
      if (path.includes('{')) continue;
      if (m === 'GET') {
        if (!/stream|events/.test(path)) await call('GET', path);
        continue;
      }
      if (m !== 'POST' && m !== 'PUT') continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      await call(m, path, {});
      if (!schema) continue;
      const res = await call(m, path, samples.typical(schema));
      if (res.status === 201 && path.endsWith('/')) {
        const id = (JSON.parse(res.text) as { id?: unknown }).id;
        if (typeof id === 'string') created.push({ path, id });
      }
    }
  }
  for (const { path, id } of created) {
    const byId = `${path.replace(/(preview|stream|clone)\/$/, '')}${id}/`;
    if (Object.keys(doc.paths).some((p) => p.replace(/\{[^}]+\}/, 'X') === byId.replace(id, 'X'))) await call('GET', byId);
  }
  process.stdout.write(`${JSON.stringify(answers, null, 1)}\n`);
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => {
    child.kill('SIGTERM');
    child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  });
