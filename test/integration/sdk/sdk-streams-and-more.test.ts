import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { ClipwrightClient, TaskEvent } from '../../../packages/sdk/src/index.js';
import { startClientService, type ClientService } from '../../helpers/client-service.js';
import { sdkFailure, sdkFor } from '../../helpers/sdk-client.js';
import { makePortrait } from '../../helpers/face-fixtures.js';
import { makeFixtureDir, type FixtureDir } from '../../helpers/media-fixtures.js';
import { startPageServer, type PageServer } from '../../helpers/page-server.js';

/** Every item of an async iterable, in order. */
async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const ask = (content: string) => ({ model_name: 'clipwright-script', messages: [{ role: 'user' as const, content }], config: { seed: 3 } });
const LAMP = 'Aurora Sunrise Lamp: a warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up.';

/**
 * The helpers that wrap the streams (text generation, task events), the custom avatar PATCH and
 * DELETE, the v2 avatar pages and the spec's asset paths, against `clipwright serve` in its own
 * process over real HTTP.
 */
describe('the SDK: streams, custom avatar edits, v2 pages, spec asset paths', () => {
  let service: ClientService;
  let sdk: ClipwrightClient;
  let pages: PageServer;
  let fx: FixtureDir;

  beforeAll(async () => {
    // Text generation priced at 1 credit, so a replayed stream shows it is charged once.
    [service, pages, fx] = await Promise.all([startClientService({ TEXT_GENERATION_CREDITS: '1' }), startPageServer(), makeFixtureDir('clipwright-sdk-more-')]);
    sdk = sdkFor(service);
    const portrait = await makePortrait(fx.path('presenter.png'), 'presenter');
    pages.route('/presenter.png', { headers: { 'content-type': 'image/png' }, body: await readFile(portrait) });
  }, 90_000);
  afterAll(async () => {
    await service?.close();
    await pages?.close();
    await fx?.cleanup();
  });

  it('streams generated text chunk by chunk; after the loop, result is the finished task', async () => {
    const stream = sdk.textGenerator.stream(ask(`${LAMP}\nWrite a 30 second StoryTimeWriter script.`));
    const chunks: string[] = [];
    for await (const chunk of stream) {
      expectTypeOf(chunk).toEqualTypeOf<string>();
      chunks.push(chunk);
    }
    expect(chunks.length).toBeGreaterThan(15);
    const task = stream.result!;
    expect(task).toMatchObject({ status: 'done', id: stream.taskId, model_name: 'clipwright-script' });
    expect(chunks.join('')).toBe(task.response_text);
    expect(await sdk.textGenerator.get(task.id)).toEqual(task);
    // Iterated once only.
    await expect(all(stream)).rejects.toThrow(/iterated once/);
  }, 60_000);

  it('answers a bad stream request with a ClipwrightError before any chunk, and replays a stream for the same idempotency key', async () => {
    const unknown = await sdkFailure(all(sdk.textGenerator.stream({ model_name: 'gpt-17', messages: [{ role: 'user', content: 'hi' }] })));
    expect([unknown.status, unknown.code]).toEqual([400, 'invalid']);
    expect(unknown.fields.model_name![0]).toMatch(/Unknown model "gpt-17"/);

    const key = randomUUID();
    const before = (await sdk.workspace.remainingCredits()).remaining_credits;
    const first = sdk.textGenerator.stream(ask(`${LAMP}\nGive me 4 headlines`), { idempotencyKey: key });
    const again = sdk.textGenerator.stream(ask(`${LAMP}\nGive me 4 headlines`), { idempotencyKey: key });
    const text = (await all(first)).join('');
    expect((await all(again)).join('')).toBe(text);
    expect(again.taskId).toBe(first.taskId);
    expect((await sdk.workspace.remainingCredits()).remaining_credits).toBe(before - 1); // charged once
  }, 60_000);

  it('closes the connection when the loop stops early; the generation still finishes', async () => {
    const stream = sdk.textGenerator.stream(ask(`${LAMP}\nWrite a 30 second StoryTimeWriter script.`));
    for await (const chunk of stream) {
      expect(chunk).toBeTruthy();
      break;
    }
    expect(stream.result).toBeNull();
    const finished = await sdk.textGenerator.wait(stream.taskId!, { intervalMs: 100 });
    expect(finished.status).toBe('done');
    expect(finished.response_text).toBeTruthy();
  }, 60_000);

  it('follows a task over its events: status with the task first, then changes, then end', async () => {
    const created = await sdk.textToSpeech.create({ text: 'Events from the SDK, as they happen.', voice_id: service.voiceId });
    const events: TaskEvent[] = [];
    for await (const e of sdk.tasks.events(created.id)) events.push(e);
    const [first, ...rest] = events;
    expect(first).toMatchObject({ event: 'status', id: created.id, eventId: expect.stringMatching(/^\d+$/) });
    if (first?.event === 'status') expect(first.task).toMatchObject({ id: created.id, voice_id: service.voiceId });
    const end = rest.at(-1)!;
    expect(end).toMatchObject({ event: 'end', id: created.id, status: 'done', failed_reason: null });
    expect(events.filter((e) => e.event === 'end')).toHaveLength(1);
    expect(events.some((e) => e.event === 'status' && e.status === 'done')).toBe(true);
    // What the events said is what the task's GET says now.
    expect((await sdk.textToSpeech.get(created.id)).status).toBe('done');

    // Resumed after the last event: the task has not moved since, so only `end` again, no repeat of its states.
    const resumed = await all(sdk.tasks.events(created.id, { lastEventId: end.eventId! }));
    expect(resumed.map((e) => e.event)).toEqual(['end']);

    // An unknown task is a 404 before any event.
    const missing = await sdkFailure(all(sdk.tasks.events(randomUUID())));
    expect([missing.status, missing.code]).toEqual([404, 'not_found']);
    // An abort stops the iteration.
    const slow = await sdk.textToSpeech.create({ text: 'A long text keeps this task busy for a while. '.repeat(20), voice_id: service.voiceId });
    const stop = new AbortController();
    const seen: TaskEvent[] = [];
    const aborted = (async () => {
      for await (const e of sdk.tasks.events(slow.id, { signal: stop.signal })) {
        seen.push(e);
        stop.abort(new Error('enough'));
      }
    })();
    await expect(aborted).rejects.toThrow();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ event: 'status', id: slow.id });
  }, 120_000);

  it('renames and deletes a custom avatar (both paths); built-in avatars cannot be deleted', async () => {
    const avatar = await sdk.customAvatars.createAndWait({ name: 'Pat', image_url: pages.url('/presenter.png') }, { timeoutMs: 120_000, intervalMs: 250 });
    expect(avatar.status).toBe('active');
    const renamed = await sdk.customAvatars.update(avatar.id, { name: 'Pat Renamed', keywords: 'warm, calm', labels: ['sales'] });
    expectTypeOf(renamed.name).toEqualTypeOf<string>();
    expect(renamed).toMatchObject({ id: avatar.id, name: 'Pat Renamed', keywords: 'warm, calm', labels: ['sales'] });
    expect((await sdk.avatars.get(avatar.id)).name).toBe('Pat Renamed');
    const blank = await sdkFailure(sdk.customAvatars.update(avatar.id, { name: ' ' }));
    expect(Object.keys(blank.fields)).toEqual(['name']);

    await sdk.customAvatars.deleteV2(avatar.id); // the v2 path deletes any custom avatar
    expect((await sdkFailure(sdk.avatars.get(avatar.id))).status).toBe(404);
    expect((await sdkFailure(sdk.customAvatars.delete(avatar.id))).code).toBe('not_found');
    const builtin = (await sdk.avatars.paginated({ page_size: 1 })).results[0]!.id;
    expect((await sdkFailure(sdk.customAvatars.delete(builtin))).status).toBe(404);
  }, 180_000);

  it('pages the v2 avatars', async () => {
    const page = await sdk.avatars.paginatedV2({ page_size: 2 });
    expect(page.results.length).toBe(2);
    const all = await sdk.avatars.listV2();
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(page.count).toBe(all.length);
    expect(page.results.map((a) => a.id)).toEqual(all.slice(0, 2).map((a) => a.id));
    const second = await sdk.avatars.paginatedV2({ page: 2, page_size: 2 });
    expect(second.results[0]?.id).toBe(all[2]?.id);
  });

  it('runs an asset model by the spec paths (ai_generation) and reads it by the alias', async () => {
    const { models } = await sdk.aiGenerationSchema({ model_name: 'text-card,collage' });
    expect(models.map((m) => m.id).sort()).toEqual(['collage', 'text-card']);
    const card = models.find((m) => m.id === 'text-card')!;
    expect(card).toMatchObject({ generation_type: 'text_to_image', inputs: { text: expect.objectContaining({ type: 'string' }) } });

    const task = await sdk.aiGeneration.createAndWait(
      { model_name: 'text-card', input_params: { text: 'Hello from the SDK' } },
      { intervalMs: 100, timeoutMs: 60_000 },
    );
    expect(task).toMatchObject({ status: 'done', model_name: 'text-card', gen_type: 'image' });
    expect(task.assets).toHaveLength(1);
    expect((await sdk.aiGeneration.list({ ids: task.id })).map((t) => t.id)).toEqual([task.id]);
    expect((await sdk.assetGenerator.get(task.id)).id).toBe(task.id);
    const bad = await sdkFailure(sdk.aiGeneration.create({ model_name: 'no-such-model', input_params: {} }));
    expect(Object.keys(bad.fields)).toContain('model_name');
  }, 90_000);

  it("lists every group's tasks in one typed page (tasks.list), filters sent as lists", async () => {
    const text = await sdk.textGenerator.create({ ...ask(`${LAMP}\nOne line, please.`), sync: true });
    const speech = await sdk.textToSpeech.create({ text: 'Listed with the rest.', voice_id: service.voiceId });
    const page = await sdk.tasks.list({ group: ['text_generator', 'text_to_speech'], page_size: 100 });
    // The group is the document's enum, not any string.
    type Group = (typeof page.results)[number]['group'];
    expectTypeOf<'personas'>().toMatchTypeOf<Group>();
    expectTypeOf<Group>().not.toEqualTypeOf<string>();
    const ids = page.results.map((t) => t.id);
    expect(ids).toContain(text.id);
    expect(ids).toContain(speech.id);
    expect(ids.indexOf(speech.id)).toBeLessThan(ids.indexOf(text.id));
    expect(page.results.find((t) => t.id === speech.id)).toMatchObject({ group: 'text_to_speech', name: 'Listed with the rest.' });
    expect(page.results.every((t) => t.group === 'text_generator' || t.group === 'text_to_speech')).toBe(true);
    expect(page.count).toBe(page.results.length);
    const failedOnly = await sdk.tasks.list({ group: ['text_to_speech'], status: ['failed'] });
    expect(failedOnly.results.map((t) => t.id)).not.toContain(speech.id);
    // @ts-expect-error: a group the document does not list; the service refuses it too.
    const bad = await sdkFailure(sdk.tasks.list({ group: ['videos'] }));
    expect(bad.status).toBe(400);
    expect(bad.fields.group?.[0]).toMatch(/"videos" is not a valid choice/);
  }, 60_000);
});
