import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMcpServer } from '../../../packages/mcp/src/server.js';
import { createClient } from '../../../packages/sdk/src/index.js';

type Answer = { status: number; body: unknown } | Error;

/**
 * The MCP tools over the real SDK client, with the service's answers scripted per path (a fetch of
 * the test's own): the paths that a real service makes slow or rare — a wait that outlasts its
 * timeout, a failed task, a refusal on a renamed field, the service unreachable.
 */
async function connect(answer: (method: string, path: string, body: unknown) => Answer) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path, body });
    const a = answer(request.method, path, body);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  };
  const sdk = createClient({ baseUrl: 'http://clipwright.test', apiId: 'id', apiKey: 'key', fetch });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = buildMcpServer(sdk, 'test');
  await server.connect(serverSide);
  const mcp = new Client({ name: 'unit', version: '1' });
  await mcp.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown>) => (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  return { mcp, call, requests, close: () => mcp.close() };
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const TASK = '6f1c0000-0000-4000-8000-000000000001';

describe('the MCP tools', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('wait_for_task answers with timed_out and the last state when the task outlasts timeout_seconds (not an error)', async () => {
    const c = await connect(() => ({ status: 200, body: { id: TASK, status: 'processing', progress: 40 } }));
    close = c.close;
    const r = await c.call('wait_for_task', { task_id: TASK, kind: 'ai_short', timeout_seconds: 1 });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ kind: 'ai_short', id: TASK, status: 'processing', progress: 40, timed_out: true });
    expect((r.structuredContent as { next_step: string }).next_step).toContain('wait_for_task');
  });

  it('a failed task is a result with its failed_reason, not a tool error', async () => {
    const c = await connect(() => ({
      status: 200,
      body: { id: TASK, status: 'failed', progress: 100, failed_reason: 'The voice could not speak this text.' },
    }));
    close = c.close;
    const r = await c.call('wait_for_task', { task_id: TASK, kind: 'text_to_speech' });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ status: 'failed', failed_reason: 'The voice could not speak this text.' });
  });

  it('sends the API its own field names and names the tool argument in a 400 (avatar_id for creator)', async () => {
    const c = await connect(() => ({ status: 400, body: { creator: ['Unknown avatar id "nobody".'] } }));
    close = c.close;
    const r = await c.call('make_avatar_video', { script: 'Hello there.', avatar_id: 'nobody', captions: true });
    expect(c.requests[0]).toEqual({
      method: 'POST',
      path: '/api/lipsyncs/',
      body: { text: 'Hello there.', aspect_ratio: '9:16', no_caption: false, creator: 'nobody' },
    });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('avatar_id (API field creator): Unknown avatar id "nobody".');
  });

  it('previews several visual styles in one preview list, one style with the plain preview', async () => {
    const c = await connect((_m, path) => ({ status: 201, body: { id: TASK, status: 'pending', path } }));
    close = c.close;
    await c.call('preview_product_video', { link_id: 'L', visual_styles: ['FullScreenTemplate', 'VanillaTemplate'], video_length: 30, music: false });
    await c.call('preview_product_video', { link_id: 'L' });
    expect(c.requests.map((r) => r.path)).toEqual(['/api/link_to_videos/preview_list_async/', '/api/link_to_videos/preview/']);
    expect(c.requests[0]!.body).toMatchObject({
      link: 'L',
      visual_styles: ['FullScreenTemplate', 'VanillaTemplate'],
      video_length: 30,
      no_background_music: true,
      no_caption: false,
    });
    expect(c.requests[1]!.body).toMatchObject({ link: 'L', visual_style: 'AvatarBubbleTemplate', video_length: 15, aspect_ratio: '9:16' });
  });

  it('a misspelt argument is a tool error naming it, and nothing is sent', async () => {
    const c = await connect(() => ({ status: 201, body: { id: TASK, status: 'pending' } }));
    close = c.close;
    const r = await c.call('make_avatar_video', { script: 'Hello.', avatar: 'd34e762f' });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/Unrecognized key.*"avatar"/);
    expect(c.requests).toEqual([]);
  });

  it('an unreachable service is a tool error that says where it looked', async () => {
    const c = await connect(() => Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }));
    close = c.close;
    const r = await c.call('get_credits', {});
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('Could not reach the Clipwright service at http://clipwright.test (ECONNREFUSED)');
  });

  it("the README's table names exactly the tools the server lists", async () => {
    const c = await connect(() => ({ status: 200, body: {} }));
    close = c.close;
    const readme = readFileSync(join(import.meta.dirname, '..', '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## MCP server'), readme.indexOf('\n## ', readme.indexOf('## MCP server') + 1));
    const documented = section
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
    const { tools } = await c.mcp.listTools();
    expect(documented.sort()).toEqual(tools.map((t) => t.name).sort());
  });
});
