import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCredits, ValidationError } from '../../../src/core/errors.js';
import { ASSET_GENERATION_JOB, ASSET_GENERATION_KIND, AssetGenerationService } from '../../../src/domain/asset-generation/asset-generation-service.js';
import { assetGenerationKind } from '../../../src/domain/asset-generation/asset-generation-kind.js';
import { AssetModelCatalog } from '../../../src/domain/asset-generation/asset-model-catalog.js';
import { builtinAssetModels } from '../../../src/domain/asset-generation/asset-models.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://media.test/photo.png';
const BIG = 'https://media.test/big.png';
const CLIP = 'https://media.test/clip.mp4';
const LONG = 'https://media.test/long.mp4';

describe('AssetGenerationService', () => {
  let h: DomainHarness;
  let service: AssetGenerationService;
  const catalog = new AssetModelCatalog(
    builtinAssetModels({
      sceneKinds: ['studio-gradient'],
      backgroundKinds: ['noise-field'],
      stillMotions: ['ken-burns'],
      videoStyles: ['cinematic'],
      fontFamilies: ['Montserrat'],
      remoteModel: null,
    }),
  );

  beforeAll(async () => {
    h = await domainHarness();
    const media = new FakeMediaUrlChecker({
      [PHOTO]: { ...fakeMedia.image(), widthPx: 800, heightPx: 600 },
      [BIG]: { ...fakeMedia.image(), widthPx: 3000, heightPx: 2000 },
      [CLIP]: fakeMedia.video(5),
      [LONG]: fakeMedia.video(45),
    });
    service = new AssetGenerationService(h.tasks, catalog, media);
  });
  afterAll(() => h.close());

  const fieldsOf = async (p: Promise<unknown>) => {
    const err = await rejectionOf(p);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).fields;
  };

  it('freezes the validated inputs with defaults, holds the price of every output and queues the job', async () => {
    const account = await h.account(10);
    const task = await service.create(account, { modelName: 'upscale-4x', inputParams: { image_url: PHOTO, output_nums: 3 } });
    expect(task.kind).toBe(ASSET_GENERATION_KIND);
    const input = assetGenerationKind.inputOf(task);
    expect(input).toMatchObject({
      modelName: 'upscale-4x',
      genType: 'image',
      outputNums: 3,
      creditsPerOutput: 2,
      inputs: { image_url: PHOTO, sharpen: 1, output_nums: 3 },
    });
    expect(await h.balance(account)).toBe(credits(10 - 6));
    expect((await h.jobsOf(task.id)).map((j) => j.name)).toEqual([ASSET_GENERATION_JOB]);
    expect(assetGenerationKind.price('make', input, { outputs: 2 })).toBe(credits(4));
  });

  it("takes the body's output_nums when input_params has none", async () => {
    const account = await h.account(10);
    const task = await service.create(account, { modelName: 'posterize', inputParams: { image_url: PHOTO }, outputNums: 4 });
    expect(assetGenerationKind.inputOf(task).outputNums).toBe(4);
  });

  it('refuses unknown models, bad inputs and unusable media on their paths, creating nothing', async () => {
    const account = await h.account(10);
    const before = await h.footprint(account);
    expect(await fieldsOf(service.create(account, { modelName: 'nope', inputParams: {} }))).toEqual({ model_name: ['AI model not found'] });
    expect(await fieldsOf(service.create(account, { modelName: 'duotone', inputParams: { image_url: PHOTO, shadow_color: 'blue' } }))).toEqual({
      'input_params.shadow_color': [expect.stringMatching(/#RRGGBB/)],
    });
    expect(Object.keys(await fieldsOf(service.create(account, { modelName: 'upscale-2x', inputParams: { image_url: BIG } })))).toEqual([
      'input_params.image_url',
    ]);
    expect(Object.keys(await fieldsOf(service.create(account, { modelName: 'upscale-2x', inputParams: { image_url: CLIP } })))).toEqual([
      'input_params.image_url',
    ]);
    expect(Object.keys(await fieldsOf(service.create(account, { modelName: 'video-stylize', inputParams: { video_url: LONG } })))).toEqual([
      'input_params.video_url',
    ]);
    expect(await h.footprint(account)).toEqual(before);
  });

  it('answers 402 when short of credits, with nothing created or held', async () => {
    const account = await h.account(1);
    const before = await h.footprint(account);
    expect(await rejectionOf(service.create(account, { modelName: 'video-stylize', inputParams: { video_url: CLIP } }))).toBeInstanceOf(InsufficientCredits);
    expect(await h.footprint(account)).toEqual(before);
  });
});
