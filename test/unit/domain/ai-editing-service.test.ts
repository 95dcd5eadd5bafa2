import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, ValidationError } from '../../../src/core/errors.js';
import { aiEditingKind, aiEditingPrice } from '../../../src/domain/editing/ai-editing-kind.js';
import { AI_EDITING_JOB, AI_EDITING_KIND, AiEditingService, type AiEditingRequest } from '../../../src/domain/editing/ai-editing-service.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const TALK = 'https://media.test/talk.mp4'; // 40 s: two started 30 s units
const MUTE = 'https://media.test/mute.mp4';
const LONG = 'https://media.test/long.mp4';
const SONG = 'https://media.test/song.mp3';
const FRAMELESS = 'https://media.test/no-picture.mp4';
const sized = { widthPx: 1920, heightPx: 1080 };

describe('AiEditingService', () => {
  let h: DomainHarness;
  let media: FakeMediaUrlChecker;
  let service: AiEditingService;

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    media = new FakeMediaUrlChecker({
      [TALK]: { ...fakeMedia.video(40), ...sized },
      [MUTE]: { ...fakeMedia.video(10, false), ...sized },
      [LONG]: { ...fakeMedia.video(601), ...sized },
      [SONG]: fakeMedia.audio(120),
      [FRAMELESS]: fakeMedia.video(10),
    });
    service = new AiEditingService(h.tasks, media);
  });

  const req = (over: Partial<AiEditingRequest> = {}): AiEditingRequest => ({ videoUrl: TALK, echo: {}, ...over });
  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  it('prices every step on the source: create 5, preview 1, render 4 credits per started 30 s', () => {
    expect(aiEditingPrice('direct', null, { sourceSeconds: 40 })).toBe(credits(10));
    expect(aiEditingPrice('preview', null, { sourceSeconds: 40 })).toBe(credits(2));
    expect(aiEditingPrice('repreview', null, { sourceSeconds: 30 })).toBe(credits(1));
    expect(aiEditingPrice('render', null, { sourceSeconds: 61 })).toBe(credits(12));
  });

  it('holds the create price, freezes the instructions it understood, and queues the job', async () => {
    const account = await h.account(100);
    const task = await service.create(account, req({ instructions: 'No music, make it 30 seconds and add sparkles', editingStyle: 'vlog' }), 'direct');
    expect(task.kind).toBe(AI_EDITING_KIND);
    expect(task.heldMillicredits).toBe(credits(10));
    expect(await h.balance(account)).toBe(credits(90));
    const input = aiEditingKind.inputOf(task);
    expect(input).toMatchObject({ sourceSeconds: 40, editingStyle: 'vlog', aspectRatio: null, operations: { music: false, targetSeconds: 30 } });
    expect(input.understood).toEqual(['no music', 'keep it to 30 s']);
    expect(input.notUnderstood).toEqual(['add sparkles']);
    expect((await h.jobsOf(task.id)).map((j) => [j.name, j.payload.step])).toEqual([[AI_EDITING_JOB, 'direct']]);
    const preview = await service.create(account, req({ instructions: 'vertical please' }), 'preview');
    expect(preview.heldMillicredits).toBe(credits(2));
    expect(aiEditingKind.inputOf(preview).aspectRatio).toBe('9:16');
  });

  it('refuses with a field error, and creates and holds nothing: no audio where captions are asked, too long, cut to nothing, short of credits', async () => {
    const account = await h.account(100);
    const before = await h.footprint(account);
    expect((await fieldsOf(service.create(account, req({ videoUrl: MUTE }), 'direct'))).video_url?.[0]).toMatch(/no audio track/);
    expect((await fieldsOf(service.create(account, req({ videoUrl: LONG }), 'direct'))).video_url?.[0]).toMatch(/at most 600 s/);
    expect((await fieldsOf(service.create(account, req({ videoUrl: SONG }), 'direct'))).video_url?.[0]).toBe('Expected a video but the file is audio (MP3)');
    expect((await fieldsOf(service.create(account, req({ videoUrl: FRAMELESS }), 'direct'))).video_url?.[0]).toMatch(/no picture track/);
    expect(
      (await fieldsOf(service.create(account, req({ instructions: 'cut the first 30 seconds, cut the last 10 seconds' }), 'direct'))).instructions?.[0],
    ).toMatch(/nothing would be left/);
    expect((await fieldsOf(service.create(account, req({ musicUrl: 'https://media.test/none.mp3' }), 'direct'))).background_music_url?.[0]).toMatch(/404/);
    expect(await h.footprint(account)).toEqual(before);
    // A library track is the service's own: not fetched at create.
    const library = new AiEditingService(h.tasks, media, (url) => url.endsWith('/files/music/track.mp3'));
    await library.create(account, req({ musicUrl: 'https://clipwright.test/files/music/track.mp3' }), 'preview');
    expect(media.checks.map((c) => c.url)).not.toContain('https://clipwright.test/files/music/track.mp3');
    // A silent video is fine when no captions are asked.
    await service.create(account, req({ videoUrl: MUTE, instructions: 'no captions' }), 'preview');
    await service.create(account, req({ videoUrl: MUTE, caption: { hidden: true } }), 'preview');
    const poor = await h.account(9);
    const poorBefore = await h.footprint(poor);
    expect(await rejectionOf(service.create(poor, req(), 'direct'))).toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(poor)).toEqual(poorBefore);
  });

  it('allows a preview or render only of a planned task, priced on the source', async () => {
    const account = await h.account(100);
    const pending = await service.create(account, req(), 'preview');
    expect(((await rejectionOf(service.render(account, pending.id))) as { code?: string }).code).toBe('task_not_ready');
    const input = aiEditingKind.inputOf(pending);
    const done = await h.doneTask(account, AI_EDITING_KIND, { ...input }, { plan: { notes: [] }, previewKey: 'k' });
    const rendered = await service.render(account, done.id);
    expect(rendered.status).toBe('processing');
    expect(rendered.heldMillicredits).toBe(credits(8));
  });
});
