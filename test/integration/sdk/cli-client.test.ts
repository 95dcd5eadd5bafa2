import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startClientService, type ClientService } from '../../helpers/client-service.js';
import { makeFixtureDir, makePhoto, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'clipwright.mjs');

/** Runs `clipwright …` as its own process, as a person or a script would; stdin closed, no TTY. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

/** A loopback port nothing listens on: bound once by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('the clipwright command line against a running service', () => {
  let service: ClientService;
  let fx: FixtureDir;
  let env: Record<string, string>;
  let pages: PageServer;

  beforeAll(async () => {
    [service, fx, pages] = await Promise.all([startClientService(), makeFixtureDir('clipwright-cli-'), startPageServer()]);
    pages.route('/img/a.jpg', {
      headers: { 'content-type': 'image/jpeg' },
      body: await readFile(await makePhoto(fx.path('a.jpg'), { width: 800, height: 800 })),
    });
    pages.route('/product', {
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<html><head><title>Steel Bottle</title><meta name="description" content="Keeps drinks cold for 24 hours."><meta property="og:image" content="${pages.url('/img/a.jpg')}"></head><body><h1>Steel Bottle</h1><p>Price: $25</p></body></html>`,
    });
    env = { CLIPWRIGHT_URL: service.baseUrl, CLIPWRIGHT_API_ID: service.creds.api_id, CLIPWRIGHT_API_KEY: service.creds.api_key };
  }, 90_000);
  afterAll(async () => {
    await service?.close();
    await pages?.close();
    await fx?.cleanup();
  });

  it('tts --wait --out writes a playable MP3, with plain progress lines off a terminal', async () => {
    const out = fx.path('hello.mp3');
    const r = await cli(['tts', 'Hello from the command line.', '--voice', service.voiceId, '--wait', '--out', out], env);
    expect(r.stderr).not.toContain('error');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ done .* → .*hello\.mp3/);
    expect(r.stderr).toMatch(/^tts [0-9a-f-]{36}: done 100%$/m);
    expect(r.stderr).not.toContain('\r');
    const probe = await probeMedia(out);
    expect(probe.audio?.codec).toBe('mp3');
    expect(probe.durationSeconds).toBeGreaterThan(0.5);
  }, 120_000);

  it('video --url --style --wait --out renders the product page into a playable MP4', async () => {
    const out = fx.path('ad.mp4');
    const r = await cli(
      ['video', '--url', pages.url('/product'), '--style', 'FullScreenTemplate', '--length', '15', '--aspect', '9:16', '--wait', '--out', out],
      env,
    );
    expect(r.stderr).toMatch(/^link [0-9a-f-]{36}: Steel Bottle$/m);
    expect(r.code, r.stderr).toBe(0);
    const probe = await probeMedia(out);
    expect([probe.video?.codec, probe.video?.width, probe.video?.height]).toEqual(['h264', 1080, 1920]);
    expect(probe.durationSeconds).toBeGreaterThan(10);
  }, 240_000);

  it('--json prints one parseable JSON document on stdout', async () => {
    const r = await cli(['tts', 'Json, please.', '--voice', service.voiceId, '--wait', '--json'], env);
    expect(r.code).toBe(0);
    const task = JSON.parse(r.stdout);
    expect(task).toMatchObject({ status: 'done', voice_id: service.voiceId });
    expect(task.output).toMatch(/^http/);
    const credits = JSON.parse((await cli(['credits', '--json'], env)).stdout);
    expect(credits.remaining_credits).toBeGreaterThan(0);
    const listed = JSON.parse((await cli(['tasks', 'list', '--json'], env)).stdout);
    expect(listed.map((t: { id: string }) => t.id)).toContain(task.id);
    // One request to GET /api/tasks/: the newest task of any group first, with its name and output.
    expect(listed[0]).toMatchObject({ group: 'text_to_speech', id: task.id, status: 'done', name: 'Json, please.', output: task.output });
    const none = JSON.parse((await cli(['tasks', 'list', '--group', 'text_to_speech', '--status', 'failed', '--after', '2020-01-01', '--json'], env)).stdout);
    expect(none).toEqual([]);
  }, 120_000);

  it('a bad voice exits non-zero with the field and its message', async () => {
    const r = await cli(['tts', 'Hello', '--voice', 'no-such-voice'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/400 invalid/);
    expect(r.stderr).toMatch(/^ {2}voice_id: .*voice/im);
  });

  it('voices and avatars print their lists; tasks list prints a table', async () => {
    const voices = await cli(['voices', '--language', 'en'], env);
    expect(voices.code).toBe(0);
    const voiceLines = voices.stdout.trim().split('\n');
    expect(voiceLines[0]).toMatch(/^ID\s+NAME\s+LANGUAGE\s+ACCENT$/);
    expect(voiceLines.some((l) => l.startsWith(service.voiceId))).toBe(true);
    const avatars = await cli(['avatars', '--json'], env);
    expect(avatars.code).toBe(0);
    const list = JSON.parse(avatars.stdout);
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toHaveProperty('id');
    const table = await cli(['tasks', 'list', '--group', 'text_to_speech', '--limit', '1'], env);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^CREATED\s+GROUP\s+ID\s+STATUS\s+PROGRESS\s+NAME$/);
    expect(lines[1]).toMatch(/\btext_to_speech\b/);
    // More than one page: the rest is one flag away.
    expect(table.stderr).toMatch(/^1–1 of \d+ tasks; --page 2 for more$/m);
    const second = await cli(['tasks', 'list', '--group', 'text_to_speech', '--limit', '1', '--page', '2', '--json'], env);
    expect(JSON.parse(second.stdout)[0].id).not.toBe(lines[1]!.split(/\s+/)[2]);
  }, 60_000);

  it('exits 2 with a message on usage and configuration mistakes, 1 when the service is unreachable', async () => {
    const noCreds = await cli(['credits'], { CLIPWRIGHT_URL: service.baseUrl });
    expect([noCreds.code, noCreds.stderr]).toEqual([2, expect.stringContaining('CLIPWRIGHT_API_ID')]);
    const badFlag = await cli(['voices', '--colour', 'red'], env);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('--colour');
    // The service names the groups it knows.
    const unknownGroup = await cli(['tasks', 'list', '--group', 'nope'], env);
    expect(unknownGroup.code).toBe(1);
    expect(unknownGroup.stderr).toMatch(/^ {2}group: "nope" is not a valid choice\. Allowed: text_to_speech, /m);
    const badLimit = await cli(['tasks', 'list', '--limit', '0'], env);
    expect([badLimit.code, badLimit.stderr]).toEqual([2, expect.stringContaining('--limit takes a whole number')]);
    const closed = await closedPort();
    const down = await cli(['credits'], { ...env, CLIPWRIGHT_URL: `http://127.0.0.1:${closed}` });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain(`ECONNREFUSED: is the service running at http://127.0.0.1:${closed}?`);
  }, 60_000);
});
