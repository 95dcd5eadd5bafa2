import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customTemplateJobKind } from '../../../src/domain/custom-templates/custom-template-job-kind.js';
import { CustomTemplateJobService } from '../../../src/domain/custom-templates/custom-template-job-service.js';
import { TemplateCatalog } from '../../../src/domain/custom-templates/template-catalog.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { factsFrom } from '../../../src/domain/links/link-facts.js';
import { PRODUCT_VIDEO_KIND, ProductVideoService } from '../../../src/domain/product-video/product-video-service.js';
import { productVideoKind } from '../../../src/domain/product-video/product-video-kind.js';
import { FakeVoiceDirectory } from '../../../src/domain/speech/fake-voice-directory.js';
import { FakeAvatarDirectory } from '../../../src/domain/videos/fake-avatar-directory.js';
import { writeCloneScript } from '../../../src/pipelines/ad-clone/clone-script.js';
import { readTemplateDir } from '../../../src/pipelines/custom-templates/template-files.js';
import { writeTemplateVoiceover } from '../../../src/pipelines/custom-templates/template-voiceover.js';
import { readProductPage } from '../../../src/pipelines/links/read-page.js';
import { builtInCopywriter } from '../../../src/pipelines/text/built-in-copywriter.js';
import { SPEECH_FILL } from '../../../src/pipelines/text/word-budget.js';
import { FIRST_DRAFT_WORDS_PER_SECOND } from '../../../src/pipelines/video/ad-script.js';
import { builtInScriptWriter } from '../../../src/pipelines/video/built-in-script-writer.js';
import { FACTS_PAGE, FACTS_PAGE_HTML } from '../../fixtures/pages/facts-page.js';
import { domainHarness, type DomainHarness } from './harness.js';

/**
 * Issue 27 point 8: every group that writes words writes them with the one copywriter from the
 * page's facts. Each group's script is taken where it is fixed (before any rendering) for a page
 * whose facts are known (a price and features), and must carry the price and a feature.
 */
const page = readProductPage(FACTS_PAGE_HTML, 'https://verda.test/p/bloom');
const facts = factsFrom({ ...page, siteName: page.siteName ?? null, brand: page.brand ?? null }, 'link-1');

/** Words of each of the page's features and specs that a sentence about it says. */
const FEATURE_WORDS = [/8 hours/i, /light colou?rs/i, /shut-off/i, /BPA-free/i, /300 ml/i, /30 m²/i, /0\.6 kg/i];
const saysPrice = (script: string, price: RegExp) => price.test(script);
const featuresIn = (script: string) => FEATURE_WORDS.filter((f) => f.test(script)).length;

describe('the page facts in every group that writes words', () => {
  it('(the fixture has the facts the checks look for)', () => {
    expect(facts.price).toEqual({ amount: 49.9, currency: 'USD' });
    expect(FACTS_PAGE.features.every((f) => FEATURE_WORDS.some((w) => w.test(f)))).toBe(true);
  });

  it('URL to video: the script the plan voices carries the price and features', () => {
    for (const seed of [1, 2, 3]) {
      for (const style of ['DiscoveryWriter', 'EverWonderHook']) {
        // As `prepareAdPlan` asks for a 30 s ad: the spoken budget at the first-draft rate.
        const script = builtInScriptWriter({
          facts,
          style,
          videoLengthSeconds: 26.7 / SPEECH_FILL,
          language: 'en',
          wordsPerSecond: FIRST_DRAFT_WORDS_PER_SECOND,
          seed,
          targetAudience: null,
          targetPlatform: null,
        }).text;
        expect(saysPrice(script, /\$49\.90/), script).toBe(true);
        expect(featuresIn(script), script).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('AI scripts: every default style carries the price and a feature', async () => {
    for (const style of builtInCopywriter.defaultStyles(4)) {
      const written = await builtInCopywriter.write({ facts, audience: null, platform: null, style, videoLengthSeconds: 30, language: 'en', seed: 4 });
      expect(saysPrice(written.text, /\$49\.90/), written.text).toBe(true);
      expect(featuresIn(written.text), written.text).toBeGreaterThanOrEqual(1);
    }
  });

  it("Ad Clone: the rewritten script keeps the reference's pattern and carries the lead feature, then the price", () => {
    const pattern = { sentenceCount: 5, hook: { text: 'Did you know this?' }, callToAction: 'Shop now.' } as unknown as Parameters<
      typeof writeCloneScript
    >[0]['pattern'];
    for (const seed of [1, 2, 3]) {
      // $49.90 is eight spoken words (forty-nine dollars and ninety cents): five sentences need 16 s at 2.5 words/s.
      const clone = writeCloneScript({ facts, pattern, speakingSeconds: 16, language: 'en', wordsPerSecond: 2.5, seed });
      expect(clone.sentences).toHaveLength(5);
      expect(saysPrice(clone.text, /\$49\.90/), clone.text).toBe(true);
      expect(featuresIn(clone.text), clone.text).toBeGreaterThanOrEqual(1);
      // The call to action is its own paragraph: the voice sets it off with one beat.
      expect(clone.text.endsWith(`\n\n${clone.callToAction}`)).toBe(true);
    }
    // Three sentences leave one between the hook and the call to action: the lead feature.
    const short = writeCloneScript({ facts, pattern: { ...pattern, sentenceCount: 3 }, speakingSeconds: 14, language: 'en', wordsPerSecond: 2.5, seed: 1 });
    expect(featuresIn(short.text), short.text).toBe(1);
  });
});

describe('groups with a service in front of the copywriter', () => {
  let h: DomainHarness;
  beforeAll(async () => {
    h = await domainHarness();
  });
  afterAll(() => h.close());

  it("templates: a left-out voiceover speaks of the client's product (name, price, tagline), not the template's sample", async () => {
    const { templates } = await readTemplateDir(join(import.meta.dirname, '../../../assets/templates'), 'builtin');
    const showcase = templates.find((t) => t.template.name.toLowerCase().includes('showcase') && t.template.aspect === '16:9')!;
    expect(showcase.template.slots.Script).toMatchObject({ type: 'voiceover' });
    const PHOTO = 'https://media.test/bottle.png';
    const voices = new FakeVoiceDirectory([{ id: 'voice-default', name: 'Default', language: 'en', kind: 'builtin' }]);
    const service = new CustomTemplateJobService(
      h.tasks,
      h.store,
      new TemplateCatalog([showcase]),
      new FakeMediaUrlChecker({ [PHOTO]: fakeMedia.image() }),
      new FakeAvatarDirectory([]),
      voices,
      () => 'voice-default',
      1000,
      writeTemplateVoiceover,
    );
    const account = await h.account(100);
    const create = (parameters: Record<string, string>) => service.create(account, { templateId: showcase.template.id, parameters }, 'preview');

    const ours = customTemplateJobKind.inputOf(
      await create({ 'Product Image': PHOTO, 'Product Name': 'Verda Bloom', Price: '$49.90', Tagline: 'Runs quietly for 8 hours' }),
    ).values.Script;
    expect(ours?.type).toBe('voiceover');
    const spoken = ours?.type === 'voiceover' ? ours.text : '';
    expect(spoken).toContain('Verda Bloom');
    expect(saysPrice(spoken, /\$49\.90/), spoken).toBe(true);
    expect(spoken).toMatch(/8 hours/i);
    expect(spoken).not.toMatch(/Aqua Pure/);

    // Given words are spoken as given.
    const given = customTemplateJobKind.inputOf(await create({ 'Product Image': PHOTO, 'Product Name': 'Verda Bloom', Script: 'Hello there.' })).values.Script;
    expect(given).toMatchObject({ text: 'Hello there.' });
  });

  it("talking product videos: the presenter's script carries what the prompt says of the product (a feature, the price)", async () => {
    const voices = new FakeVoiceDirectory([{ id: 'voice-anna', name: 'Anna', language: 'en', kind: 'builtin' }]);
    const avatars = new FakeAvatarDirectory([{ id: 'anna', name: 'Anna', defaultVoiceId: 'voice-anna' }]);
    const PHOTO = 'https://media.test/bottle.png';
    const service = new ProductVideoService(
      h.tasks,
      new FakeMediaUrlChecker({ [PHOTO]: fakeMedia.image() }),
      avatars,
      voices,
      builtInCopywriter,
      () => 'voice-anna',
    );
    const account = await h.account(50);
    const layout = { width: 64, height: 36, hasShadow: false, product: { x: 1, y: 1, width: 10, height: 20 } };
    const done = await h.doneTask(
      account,
      PRODUCT_VIDEO_KIND,
      { productUrl: PHOTO, aspectRatio: '16:9', seed: 1, overrideAvatar: 'anna' },
      { imageKey: 'k/image.png', layout },
    );
    const talking = await service.genVideo(account, done.id, {
      motionStyle: 'talking',
      videoPrompt: 'Verda Bloom aroma diffuser. Runs quietly for 8 hours on one fill. Only $49.90.',
    });
    const script = productVideoKind.resultOf(talking).videoRequest!.script!;
    expect(script).toContain('Verda Bloom');
    expect(script, script).toMatch(/8 hours/i);
    expect(saysPrice(script, /\$49\.90/), script).toBe(true);
  });
});
