import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientCredits, NotFound, TaskNotReady, ValidationError } from '../../../src/core/errors.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { FakeAvatarDirectory } from '../../../src/domain/videos/fake-avatar-directory.js';
import { TemplateCatalog } from '../../../src/domain/custom-templates/template-catalog.js';
import { parseTemplate, templateVariables, type Template, type TemplateFile } from '../../../src/domain/custom-templates/template-format.js';
import { customTemplateJobKind, customTemplateJobPrice } from '../../../src/domain/custom-templates/custom-template-job-kind.js';
import {
  CUSTOM_TEMPLATE_JOB_KIND,
  CustomTemplateJobService,
  type CustomTemplateJobRequest,
} from '../../../src/domain/custom-templates/custom-template-job-service.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PICTURE = 'https://media.test/photo.png';
const CLIP = 'https://media.test/clip.mp4';
const SONG = 'https://media.test/song.mp3';

const FIXED_ID = '00000000-0000-4000-8000-000000000001';
const SPOKEN_ID = '00000000-0000-4000-8000-000000000002';

/** 40 s fixed: 2 units of 30 s. */
const fixed: TemplateFile = {
  format: 1,
  id: FIXED_ID,
  name: 'Fixed',
  aspect: '16:9',
  slots: {
    Photo: { type: 'image', required: true, default: { draw: 'pattern', pattern: 'dots', colors: ['#112233'] } },
    Headline: { type: 'text', required: true, maxChars: 10, default: 'Hi' },
    Clip: { type: 'video' },
    Music: { type: 'audio', default: { musicCategory: 'upbeat' } },
  },
  scenes: [
    { seconds: 25, background: { slot: 'Photo' }, layers: [{ kind: 'text', slot: 'Headline', box: { x: 0, y: 0, width: 1, height: 0.2 } }] },
    { seconds: 15, background: { slot: 'Clip' } },
  ],
  music: { slot: 'Music' },
};

/** Length from the voiceover: the voice spoken by the avatar of the Presenter slot. */
const spoken: TemplateFile = {
  format: 1,
  id: SPOKEN_ID,
  name: 'Spoken',
  aspect: '9:16',
  family: 'dyoa',
  length: { rule: 'voiceover', slot: 'Script', tailSeconds: 1, minSeconds: 3, maxSeconds: 100 },
  slots: {
    Presenter: { type: 'avatar', default: 'anna' },
    Script: { type: 'voiceover', required: true, maxChars: 400 },
  },
  scenes: [
    {
      seconds: 5,
      background: { color: '#000000' },
      layers: [{ kind: 'avatar', slot: 'Presenter', speaks: 'Script', box: { x: 0, y: 0, width: 1, height: 1 } }],
    },
  ],
};

function parsed(file: TemplateFile): Template {
  const r = parseTemplate(file);
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.template;
}

describe('CustomTemplateJobService (Custom Templates and DYOA)', () => {
  let h: DomainHarness;
  let service: CustomTemplateJobService;
  const catalog = new TemplateCatalog([fixed, spoken].map((f) => ({ template: parsed(f), source: 'builtin' as const, createdAt: 'x', updatedAt: 'x' })));

  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    const media = new FakeMediaUrlChecker({ [PICTURE]: fakeMedia.image(), [CLIP]: fakeMedia.video(5), [SONG]: fakeMedia.audio(60) });
    const avatars = new FakeAvatarDirectory([{ id: 'anna', name: 'Anna', defaultVoiceId: 'voice-anna' }]);
    const voices = new FakeVoiceDirectory([
      { id: 'voice-anna', name: 'Anna', language: 'en', kind: 'builtin' },
      { id: 'voice-default', name: 'Default', language: 'en', kind: 'builtin' },
    ]);
    service = new CustomTemplateJobService(h.tasks, h.store, catalog, media, avatars, voices, () => 'voice-default', 1000);
  });

  const req = (over: Partial<CustomTemplateJobRequest> = {}): CustomTemplateJobRequest => ({
    templateId: FIXED_ID,
    parameters: { Photo: PICTURE, Headline: 'Sale' },
    ...over,
  });

  async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]>> {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  }

  it('derives the catalog variables from the slots', () => {
    expect(templateVariables(parsed(fixed))).toEqual({
      Photo: { type: 'image', required: true },
      Headline: { type: 'text', required: true },
      Clip: { type: 'video', required: false },
      Music: { type: 'audio', required: false },
    });
  });

  it('prices each step by the contract: 5 / 1 / 1 / 4 credits per started 30 s; aurora per second', async () => {
    const account = await h.account(1000);
    const direct = await service.create(account, req(), 'direct');
    expect(direct.heldMillicredits).toBe(credits(10));
    const preview = await service.create(account, req(), 'preview');
    expect(preview.heldMillicredits).toBe(credits(2));
    const aurora = await service.create(account, req({ modelVersion: 'aurora_v1_fast' }), 'direct');
    expect(aurora.heldMillicredits).toBe(credits(20));
    const input = { modelVersion: 'standard' as const };
    expect(customTemplateJobPrice('render', input, { durationSeconds: 31 })).toBe(credits(8));
    expect(customTemplateJobPrice('repreview', input, { durationSeconds: 31 })).toBe(credits(2));
    expect(customTemplateJobPrice('render', { modelVersion: 'aurora_v1' }, { durationSeconds: 7.2 })).toBe(credits(8));
    expect(await h.balance(account)).toBe(credits(1000 - 10 - 2 - 20));
    expect(direct.kind).toBe(CUSTOM_TEMPLATE_JOB_KIND);
  });

  it('freezes the template and the checked values, both body forms alike', async () => {
    const account = await h.account(100);
    const a = customTemplateJobKind.inputOf(
      await service.create(account, req({ parameters: { Photo: PICTURE, Headline: 'Sale', Clip: CLIP, Music: SONG } }), 'preview'),
    );
    const b = customTemplateJobKind.inputOf(
      await service.create(
        account,
        req({
          parameters: null,
          variables: {
            Photo: { type: 'image', properties: { url: PICTURE } },
            Headline: { type: 'text', properties: { content: 'Sale' } },
            Clip: { type: 'video', properties: { url: CLIP } },
            Music: { type: 'audio', properties: { url: SONG } },
          },
        }),
        'preview',
      ),
    );
    expect(a.values).toEqual(b.values);
    expect(a.values).toEqual({
      Photo: { type: 'image', url: PICTURE },
      Headline: { type: 'text', text: 'Sale' },
      Clip: { type: 'video', url: CLIP },
      Music: { type: 'audio', url: SONG },
    });
    expect(parseTemplate(a.template).ok).toBe(true);
    expect(b.echo).toHaveProperty('variables');
  });

  it("a DYOA template is a template_id too; the length follows the voiceover; the speaker's voice is used", async () => {
    const account = await h.account(100);
    // 300 characters: estimated ceil(300 / 8) + 2 = 40 s of speech, + 1 s tail → 2 units of 30 s.
    const task = await service.create(account, { templateId: SPOKEN_ID, parameters: { Script: `${'a '.repeat(150).trim()}.` } }, 'direct');
    expect(task.heldMillicredits).toBe(credits(10));
    expect(customTemplateJobKind.inputOf(task).values.Script).toMatchObject({ type: 'voiceover', voiceId: 'voice-anna' });
    const chosen = await service.create(
      account,
      { templateId: SPOKEN_ID, parameters: { Script: { text: 'Hello there.', voice_id: 'voice-default' } } },
      'preview',
    );
    expect(customTemplateJobKind.inputOf(chosen).values.Script).toEqual({ type: 'voiceover', text: 'Hello there.', voiceId: 'voice-default' });
  });

  it('refuses bad values with a 400 on their path, creating and holding nothing', async () => {
    const account = await h.account(100);
    const before = await h.footprint(account);
    expect(await fieldsOf(service.create(account, req({ templateId: 'nope' }), 'direct'))).toHaveProperty('template_id');
    expect(await fieldsOf(service.create(account, req({ parameters: null }), 'direct'))).toHaveProperty('parameters');
    const missing = await fieldsOf(service.create(account, req({ parameters: { Headline: 'Sale' } }), 'direct'));
    expect(missing['parameters.Photo']![0]).toMatch(/required.*"Photo"/);
    expect(await fieldsOf(service.create(account, req({ parameters: { Photo: CLIP, Headline: 'Sale' } }), 'direct'))).toEqual({
      'parameters.Photo': [expect.stringMatching(/Expected an image but the file is a video \(MP4\)/)],
    });
    expect(await fieldsOf(service.create(account, req({ parameters: { Photo: 'ftp://x', Headline: 'Sale' } }), 'direct'))).toHaveProperty(['parameters.Photo']);
    expect(await fieldsOf(service.create(account, req({ parameters: { Photo: PICTURE, Headline: 'far too long a headline' } }), 'direct'))).toEqual({
      'parameters.Headline': [expect.stringMatching(/no more than 10 characters/)],
    });
    expect(await fieldsOf(service.create(account, req({ parameters: { Photo: PICTURE, Headline: 'Sale', Extra: 'x' } }), 'direct'))).toHaveProperty([
      'parameters.Extra',
    ]);
    expect(
      await fieldsOf(
        service.create(account, req({ parameters: null, variables: { Photo: { type: 'video', properties: { url: PICTURE } }, Headline: 'Sale' } }), 'direct'),
      ),
    ).toHaveProperty(['variables.Photo.type']);
    expect(await fieldsOf(service.create(account, { templateId: SPOKEN_ID, parameters: { Presenter: 'ghost', Script: 'Hello.' } }, 'direct'))).toEqual({
      'parameters.Presenter': [expect.stringMatching(/Unknown avatar id "ghost"/)],
    });
    expect(
      await fieldsOf(service.create(account, { templateId: SPOKEN_ID, parameters: { Script: { text: 'Hello.', voice_id: 'nobody' } } }, 'direct')),
    ).toHaveProperty(['parameters.Script.voice_id']);
    expect(await fieldsOf(service.create(account, { templateId: SPOKEN_ID, parameters: {} }, 'direct'))).toHaveProperty(['parameters.Script']);
    expect(await fieldsOf(service.create(account, { templateId: SPOKEN_ID, parameters: { Script: { voice_id: 'voice-default' } } }, 'direct'))).toEqual({
      'parameters.Script': [expect.stringMatching(/required/)],
    });
    expect(await h.footprint(account)).toEqual(before);
  });

  it('the synchronous preview answers at the wait limit with the job as it stands, or at once when the queue did not take it', async () => {
    const account = await h.account(100);
    const slow = new CustomTemplateJobService(
      h.tasks,
      h.store,
      catalog,
      new FakeMediaUrlChecker({ [PICTURE]: fakeMedia.image() }),
      new FakeAvatarDirectory([]),
      new FakeVoiceDirectory([]),
      () => null,
      300,
    );
    const started = Date.now();
    const waited = await slow.createPreviewAndWait(account, req());
    expect(waited.status).toBe('pending');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    h.dispatcher.failWith = new Error('queue down');
    try {
      const atOnce = Date.now();
      expect((await slow.createPreviewAndWait(account, req())).status).toBe('pending');
      expect(Date.now() - atOnce).toBeLessThan(250);
    } finally {
      h.dispatcher.failWith = null;
    }
  });

  it('402 when the balance is short; nothing is created', async () => {
    const account = await h.account(4);
    const before = await h.footprint(account);
    await expect(service.create(account, req(), 'direct')).rejects.toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(account)).toEqual(before);
  });

  it('follow-ups: preview and render of a finished job, priced by its duration; not ready → 404', async () => {
    const account = await h.account(100);
    const input = customTemplateJobKind.inputOf(await service.create(account, req(), 'preview'));
    const done = await h.doneTask(account, CUSTOM_TEMPLATE_JOB_KIND, { ...input }, { previewKey: 'k', durationSeconds: 40 });
    expect((await service.render(account, done.id)).heldMillicredits).toBe(credits(8));
    const again = await h.doneTask(account, CUSTOM_TEMPLATE_JOB_KIND, { ...input }, { previewKey: 'k', durationSeconds: 12 });
    expect((await service.preview(account, again.id)).heldMillicredits).toBe(credits(1));
    const nothing = await h.doneTask(account, CUSTOM_TEMPLATE_JOB_KIND, { ...input }, {});
    await expect(service.render(account, nothing.id)).rejects.toBeInstanceOf(TaskNotReady);
    const other = await h.account(100);
    await expect(service.render(other, done.id)).rejects.toBeInstanceOf(NotFound);
  });
});
