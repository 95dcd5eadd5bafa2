import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FetchRefused, InsufficientCredits, NotFound, TaskFailure, ValidationError } from '../../../src/core/errors.js';
import { CLONE_VOICE_JOB, CLONED_VOICE_KIND, ClonedVoiceService, clonedVoiceLookup } from '../../../src/domain/speech/cloned-voice-service.js';
import { FakeVoiceCloner } from '../../../src/domain/speech/fake-voice-cloner.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const SAMPLE = 'https://media.test/me.wav';
const PRICE = credits(2);

describe('ClonedVoiceService (voice cloning)', () => {
  let h: DomainHarness;
  let blobs: MemoryBlobStore;
  let cloner: FakeVoiceCloner;
  let service: ClonedVoiceService;

  beforeAll(async () => {
    h = await domainHarness({ webhookUrlProblem: (url) => (url.startsWith('http://localhost') ? 'webhooks are only sent to public addresses' : null) });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    blobs = new MemoryBlobStore();
    cloner = new FakeVoiceCloner(
      {
        [SAMPLE]: { durationSeconds: 24.5, speechSeconds: 19.1 },
        'https://media.test/private': new FetchRefused('private addresses are not allowed'),
        'https://media.test/short.wav': new TaskFailure('The sample has 2.0 s of speech; give at least 10 s.'),
        'https://media.test/crash.wav': new Error('decoder crashed'),
      },
      blobs,
    );
    service = new ClonedVoiceService(h.tasks, h.store, cloner, blobs, h.clock, PRICE);
  });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  /** A finished clone as the matching job leaves it. */
  const finished = (accountId: string, name: string, result: Record<string, unknown> = {}) =>
    h.doneTask(
      accountId,
      CLONED_VOICE_KIND,
      { name, language: 'en', sampleKey: `${accountId}/voice-samples/x` },
      {
        spec: { baseVoiceId: 'en-1' },
        gender: 'male',
        base: { locale: 'en-GB', accentName: 'British' },
        previewKey: `${accountId}/p.mp3`,
        ...result,
      },
    );

  describe('validation before anything is fetched', () => {
    it('checks the name and the language, on their fields', async () => {
      const account = await h.account(10);
      expect(await fieldsOf(service.create(account, { audioUrl: SAMPLE, name: '   ' }))).toEqual({ name: ['This field may not be blank.'] });
      expect(await fieldsOf(service.create(account, { audioUrl: SAMPLE, name: 'n'.repeat(101) }))).toEqual({
        name: ['Ensure this field has no more than 100 characters.'],
      });
      expect(await fieldsOf(service.create(account, { audioUrl: SAMPLE, name: 'Me', language: 'ja' }))).toEqual({
        language: ['Voices cannot be cloned in "ja" here. Available: en, es, fr, de.'],
      });
      expect(cloner.taken).toEqual([]);
    });

    it('answers 402 before fetching the sample when the account cannot pay the configured price', async () => {
      const account = await h.account(1);
      const before = await h.footprint(account);
      const err = await rejectionOf(service.create(account, { audioUrl: SAMPLE, name: 'Me' }));
      expect(err).toBeInstanceOf(InsufficientCredits);
      expect((err as Error).message).toBe('Insufficient credits: this operation needs 2 credits and 1 are available.');
      expect(cloner.taken).toEqual([]);
      expect(await h.footprint(account)).toEqual(before);
    });
  });

  it("maps a sample that cannot be used to audio_url (fetch refusal or the cloner's reason); a fault of ours passes through", async () => {
    const account = await h.account(10);
    expect(await fieldsOf(service.create(account, { audioUrl: 'https://media.test/private', name: 'Me' }))).toEqual({
      audio_url: ['The audio could not be used: private addresses are not allowed'],
    });
    expect(await fieldsOf(service.create(account, { audioUrl: 'https://media.test/short.wav', name: 'Me' }))).toEqual({
      audio_url: ['The sample has 2.0 s of speech; give at least 10 s.'],
    });
    await expect(service.create(account, { audioUrl: 'https://media.test/crash.wav', name: 'Me' })).rejects.toThrow('decoder crashed');
    expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(10) });
  });

  it('creates a processing task holding the price, with the sample kept and its measurements frozen', async () => {
    const account = await h.account(10);
    const task = await service.create(account, { audioUrl: SAMPLE, name: '  My voice ', language: ' ES ', webhookUrl: 'https://hooks.test/c' });
    expect(task).toMatchObject({ kind: CLONED_VOICE_KIND, status: 'processing', heldMillicredits: PRICE, webhookUrl: 'https://hooks.test/c' });
    const [taken] = cloner.taken;
    expect(taken?.sampleKey).toMatch(new RegExp(`^${account}/voice-samples/[0-9a-f-]{36}$`));
    expect(task.input).toEqual({ name: 'My voice', audioUrl: SAMPLE, language: 'es', sampleKey: taken!.sampleKey, sampleSeconds: 24.5, speechSeconds: 19.1 });
    expect(blobs.blobs.has(taken!.sampleKey)).toBe(true);
    expect((await h.jobsOf(task.id)).map((j) => j.name)).toEqual([CLONE_VOICE_JOB]);
    expect(await h.balance(account)).toBe(credits(8));
  });

  it('holds nothing and checks no balance when cloning is free', async () => {
    const account = await h.account(0);
    const free = new ClonedVoiceService(h.tasks, h.store, cloner, blobs, h.clock, 0);
    const task = await free.create(account, { audioUrl: SAMPLE, name: 'Free' });
    expect(task.heldMillicredits).toBe(0);
    expect(task.input.language).toBe('en');
  });

  it('removes the kept sample when the task cannot be created (a refused webhook URL), leaving nothing', async () => {
    const account = await h.account(10);
    expect(await fieldsOf(service.create(account, { audioUrl: SAMPLE, name: 'Me', webhookUrl: 'http://localhost/hook' }))).toEqual({
      webhook_url: ['webhooks are only sent to public addresses'],
    });
    expect(cloner.taken).toHaveLength(1);
    expect(blobs.blobs.size).toBe(0);
    expect(await h.footprint(account)).toMatchObject({ tasks: 0, jobs: 0, balanceMillicredits: credits(10) });
  });

  describe('reading voices', () => {
    it("gets the account's voice in any state by id in any case, and nobody else's", async () => {
      const owner = await h.account(10);
      const other = await h.account(10);
      const task = await service.create(owner, { audioUrl: SAMPLE, name: 'Me' });
      expect((await service.get(owner, task.id.toUpperCase()))?.id).toBe(task.id);
      expect(await service.get(other, task.id)).toBeNull();
      expect((await service.list(owner, {})).map((t) => t.id)).toEqual([task.id]);
      expect(await service.list(other, {})).toEqual([]);
    });

    it('lists as usable only finished voices with a spec, in the shape the speech wiring needs', async () => {
      const account = await h.account(10);
      await service.create(account, { audioUrl: SAMPLE, name: 'Still matching' });
      const done = await finished(account, 'Done');
      await finished(account, 'Broken', { spec: null });
      expect(await service.listUsable(account)).toEqual([
        {
          id: done.id,
          name: 'Done',
          language: 'en',
          locale: 'en-GB',
          accentName: 'British',
          gender: 'male',
          spec: { baseVoiceId: 'en-1' },
          previewKey: `${account}/p.mp3`,
        },
      ]);
    });

    it("looks up a finished voice for its own account only (the voice directory's source)", async () => {
      const owner = await h.account(10);
      const other = await h.account(10);
      const lookup = clonedVoiceLookup(h.store);
      const done = await finished(owner, 'Done', { gender: 'robot', base: undefined, previewKey: 42 });
      expect(await lookup(owner, done.id.toUpperCase())).toMatchObject({ id: done.id, locale: 'en', accentName: 'en', gender: null, previewKey: null });
      expect(await lookup(other, done.id)).toBeNull();
      const matching = await service.create(owner, { audioUrl: SAMPLE, name: 'Me' });
      expect(await lookup(owner, matching.id)).toBeNull();
    });
  });

  describe('delete', () => {
    it('deletes a voice still matching: releases its hold and removes its files', async () => {
      const account = await h.account(10);
      const task = await service.create(account, { audioUrl: SAMPLE, name: 'Me' });
      const sampleKey = String(task.input.sampleKey);
      expect(await h.balance(account)).toBe(credits(8));
      await service.delete(account, task.id.toUpperCase());
      expect(await h.balance(account)).toBe(credits(10));
      expect(blobs.blobs.has(sampleKey)).toBe(false);
      expect(await service.get(account, task.id)).toBeNull();
      await expect(service.delete(account, task.id)).rejects.toBeInstanceOf(NotFound);
    });

    it("removes a finished voice's preview too, and answers 404 for another account's voice", async () => {
      const owner = await h.account(10);
      const other = await h.account(10);
      const done = await finished(owner, 'Done');
      await blobs.putBuffer(`${owner}/p.mp3`, Buffer.from('mp3'));
      await blobs.putBuffer(`${owner}/voice-samples/x`, Buffer.from('wav'));
      const err = await rejectionOf(service.delete(other, done.id));
      expect(err).toBeInstanceOf(NotFound);
      expect((err as Error).message).toBe('No Voice matches the given query.');
      expect(blobs.blobs.size).toBe(2);
      await service.delete(owner, done.id);
      expect(blobs.blobs.size).toBe(0);
      expect(await h.balance(owner)).toBe(credits(10));
    });
  });
});
