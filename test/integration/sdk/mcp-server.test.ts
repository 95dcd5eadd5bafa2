import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { startClientService, type ClientService } from '../../helpers/client-service.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import type { Schema } from '../../helpers/schema-samples.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const BIN = join(ROOT, 'bin', 'clipwright.mjs');

const TOOLS = [
  'read_product_page',
  'preview_product_video',
  'render_product_video',
  'text_to_speech',
  'make_avatar_video',
  'make_ai_short',
  'make_template_video',
  'list_voices',
  'list_avatars',
  'list_styles',
  'list_templates',
  'get_credits',
  'get_task',
  'wait_for_task',
  'list_tasks',
];

/**
 * `clipwright mcp` as an assistant runs it: its own process on stdio, driven by the MCP SDK's real
 * client, against `clipwright serve` on a loopback port.
 */
describe('clipwright mcp, driven by the MCP SDK client against a running service', () => {
  let service: ClientService;
  let fx: FixtureDir;
  let mcp: Client;
  let serverLog = '';

  const call = async (name: string, args: Record<string, unknown>) => (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  const credits = async () => {
    const r = await fetch(`${service.baseUrl}/api/remaining_credits/`, { headers: { 'x-api-id': service.creds.api_id, 'x-api-key': service.creds.api_key } });
    return ((await r.json()) as { remaining_credits: number }).remaining_credits;
  };

  beforeAll(async () => {
    [service, fx] = await Promise.all([startClientService(), makeFixtureDir('clipwright-mcp-')]);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        CLIPWRIGHT_URL: service.baseUrl,
        CLIPWRIGHT_API_ID: service.creds.api_id,
        CLIPWRIGHT_API_KEY: service.creds.api_key,
      },
      stderr: 'pipe',
    });
    transport.stderr!.on('data', (d) => (serverLog += d));
    mcp = new Client({ name: 'clipwright-test', version: '1.0.0' });
    await mcp.connect(transport);
  }, 90_000);
  afterAll(async () => {
    await mcp?.close();
    await service?.close();
    await fx?.cleanup();
  });

  it('lists every tool, each with a description and an object input schema whose every field is described', async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description?.length ?? 0, `${tool.name}.${field}`).toBeGreaterThan(10);
      }
    }
    // Closed choices are enums a model can read, with the API's defaults.
    const preview = tools.find((t) => t.name === 'preview_product_video')!.inputSchema.properties as Record<string, Schema>;
    expect(preview.aspect_ratio).toMatchObject({ enum: ['9:16', '16:9', '1:1'], default: '9:16' });
    expect(preview.video_length).toMatchObject({ enum: [15, 30, 45, 60], default: 15 });
    expect(preview.visual_styles?.items?.enum).toContain('FullScreenTemplate');
    const short = tools.find((t) => t.name === 'make_ai_short')!.inputSchema;
    expect((short.properties as Record<string, Schema>).style?.enum).toContain('Pixel art');
    expect(short.required).toEqual(expect.arrayContaining(['script', 'style']));
  });

  it('makes speech: text_to_speech, wait_for_task (with progress), get_task; the output URL is an MP3 that decodes', async () => {
    const before = await credits();
    const created = await call('text_to_speech', { text: 'Hello from your assistant.', voice_id: service.voiceId });
    expect(created.isError, text(created)).toBeFalsy();
    const task = created.structuredContent as { kind: string; id: string; status: string; next_step: string };
    expect(task).toMatchObject({ kind: 'text_to_speech', status: 'pending' });
    expect(task.next_step).toContain('wait_for_task');

    const progress: number[] = [];
    const waited = (await mcp.callTool({ name: 'wait_for_task', arguments: { task_id: task.id, kind: 'text_to_speech' } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    })) as CallToolResult;
    expect(waited.isError, text(waited)).toBeFalsy();
    const done = waited.structuredContent as { status: string; output: string; duration: number; credits_used: number };
    expect(done.status).toBe('done');
    expect(done.duration).toBeGreaterThan(0.5);
    expect(done.credits_used).toBe(1);
    expect(progress.at(-1)).toBe(100);

    // Without the kind, get_task finds the task by asking every kind.
    const read = await call('get_task', { task_id: task.id });
    expect(read.structuredContent).toMatchObject({ kind: 'text_to_speech', status: 'done', output: done.output });

    // The list of every task finds it too, under the same kind, with its output.
    const listed = (await call('list_tasks', { kind: 'text_to_speech', status: ['done'] })).structuredContent as {
      count: number;
      tasks: Record<string, unknown>[];
    };
    expect(listed.tasks[0]).toMatchObject({ kind: 'text_to_speech', task_id: task.id, status: 'done', output: done.output, credits_used: 1 });
    const running = (await call('list_tasks', { status: ['pending', 'processing'] })).structuredContent as { tasks: { task_id: string }[] };
    expect(running.tasks.map((t) => t.task_id)).not.toContain(task.id);
    const badDate = await call('list_tasks', { created_after: 'yesterday' });
    expect(badDate.isError).toBe(true);
    expect(text(badDate)).toMatch(/created_after/);

    const audio = await fetch(done.output);
    expect(audio.status).toBe(200);
    const file = fx.path('speech.mp3');
    await writeFile(file, Buffer.from(await audio.arrayBuffer()));
    const probe = await probeMedia(file);
    expect(probe.audio?.codec).toBe('mp3');
    expect(probe.durationSeconds).toBeGreaterThan(0.5);

    const balance = await call('get_credits', {});
    expect(balance.isError).toBeFalsy();
    expect(balance.structuredContent).toEqual({ remaining_credits: before - 1 });
    expect(await credits()).toBe(before - 1);
  }, 120_000);

  it("returns a bad argument as a tool error: the API's field message, or the schema's, and charges nothing", async () => {
    const before = await credits();
    const unknownVoice = await call('text_to_speech', { text: 'Hello.', voice_id: 'no-such-voice' });
    expect(unknownVoice.isError).toBe(true);
    expect(text(unknownVoice)).toContain('voice_id: Unknown voice id "no-such-voice"');

    const badStyle = await call('make_ai_short', { script: 'A fox in the snow.', style: 'Watercolour' });
    expect(badStyle.isError).toBe(true);
    expect(text(badStyle)).toMatch(/style/);
    expect(text(badStyle)).toContain('Pixel art');

    const unknownTask = await call('wait_for_task', { task_id: '00000000-0000-4000-8000-000000000000', kind: 'ai_short' });
    expect(unknownTask.isError).toBe(true);
    expect(text(unknownTask)).toMatch(/404 not_found/);
    expect(await credits()).toBe(before);
  });

  it('lists voices, avatars, styles and templates with short descriptions', async () => {
    const voices = (await call('list_voices', { language: 'en', gender: 'female', limit: 3 })).structuredContent as { voices: unknown[] };
    expect(voices.voices).toHaveLength(3);
    for (const v of voices.voices) expect(v).toMatchObject({ language: 'en', description: expect.stringMatching(/^female, /) });
    const avatars = (await call('list_avatars', { gender: 'f', limit: 2 })).structuredContent as { avatars: unknown[] };
    expect(avatars.avatars[0]).toMatchObject({ avatar_id: expect.any(String), description: expect.stringMatching(/^f, /) });
    const styles = (await call('list_styles', {})).structuredContent as { visual_styles: unknown[] };
    expect(styles.visual_styles[0]).toMatchObject({ name: 'AvatarBubbleTemplate', description: expect.stringContaining('Default') });
    const templates = (await call('list_templates', {})).structuredContent as {
      templates: { name: string; description: string; parameters: Record<string, unknown> }[];
    };
    expect(templates.templates.length).toBeGreaterThan(1);
    for (const t of templates.templates) {
      expect(t.description.length, t.name).toBeGreaterThan(10);
      expect(Object.keys(t.parameters).length, t.name).toBeGreaterThan(0);
    }
  });

  it('logs to stderr only, and refuses to start without credentials (exit 2, nothing on stdout)', async () => {
    expect(serverLog).toContain(`serving ${service.baseUrl}`);
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('CLIPWRIGHT_API_ID');
  }, 30_000);
});
