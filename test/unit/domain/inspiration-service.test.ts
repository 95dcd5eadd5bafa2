import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCredits, NotFound, type ValidationError } from '../../../src/core/errors.js';
import { INSPIRATIONS, inspirationIdOf } from '../../../src/domain/inspirations/inspiration-catalog.js';
import { FakeMediaUrlChecker, fakeMedia } from '../../../src/domain/fake-media-url-checker.js';
import { inspirationJobKind } from '../../../src/domain/inspirations/inspiration-job-kind.js';
import { INSPIRATION_JOB, InspirationService } from '../../../src/domain/inspirations/inspiration-service.js';
import { assertRecipesCover } from '../../../src/pipelines/inspirations/inspiration-recipes.js';
import { credits, domainHarness, rejectionOf, type DomainHarness } from './harness.js';

const PHOTO = 'https://cdn.test/p.png';
const HUGE = 'https://cdn.test/huge.png';

describe('Inspiration catalog', () => {
  it('has at least 12 styles of both kinds, unique stable ids, a recipe each', () => {
    expect(INSPIRATIONS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(INSPIRATIONS.map((i) => i.id)).size).toBe(INSPIRATIONS.length);
    expect(new Set(INSPIRATIONS.map((i) => i.genType))).toEqual(new Set(['image', 'video']));
    expect(INSPIRATIONS[0]!.id).toBe(inspirationIdOf(INSPIRATIONS[0]!.slug));
    expect(() => assertRecipesCover(INSPIRATIONS)).not.toThrow();
    expect(() => assertRecipesCover([{ ...INSPIRATIONS[0]!, slug: 'no-such-recipe' }])).toThrow(/no-such-recipe/);
    for (const i of INSPIRATIONS) expect(Object.values(i.params).some((p) => p.required)).toBe(true);
  });
});

describe('InspirationService', () => {
  let h: DomainHarness;
  let service: InspirationService;
  const marble = INSPIRATIONS.find((i) => i.slug === 'marble-luxury')!;
  const banner = INSPIRATIONS.find((i) => i.slug === 'flash-sale-banner')!;

  beforeAll(async () => {
    h = await domainHarness();
    service = new InspirationService(
      h.tasks,
      new FakeMediaUrlChecker({
        [PHOTO]: { ...fakeMedia.image(), widthPx: 800, heightPx: 800 },
        [HUGE]: { ...fakeMedia.image(), widthPx: 5000, heightPx: 4000 },
      }),
    );
  });
  afterAll(() => h.close());

  it("holds the inspiration's credit_cost and freezes it with the validated parameters", async () => {
    const account = await h.account(10);
    const task = await service.create(account, { inspirationId: banner.id, parameters: { 'Product Image': PHOTO, Headline: 'SALE' } });
    const input = inspirationJobKind.inputOf(task);
    expect(input).toMatchObject({
      inspirationId: banner.id,
      genType: 'image',
      creditCost: banner.creditCost,
      inputs: { 'Product Image': PHOTO, Headline: 'SALE', 'Call To Action': 'Shop now', 'Brand Color': '#e11d48' },
    });
    expect(await h.balance(account)).toBe(credits(10 - banner.creditCost));
    expect((await h.jobsOf(task.id)).map((j) => j.name)).toEqual([INSPIRATION_JOB]);
    expect(inspirationJobKind.price('make', { ...input, creditCost: 7 }, {})).toBe(credits(7));
  });

  it('answers 404 for an unknown inspiration, 400 on the parameter path, 402 when short — nothing created', async () => {
    const account = await h.account(1);
    const before = await h.footprint(account);
    expect(await rejectionOf(service.create(account, { inspirationId: 'nope', parameters: {} }))).toBeInstanceOf(NotFound);
    const missing = await rejectionOf(service.create(account, { inspirationId: marble.id, parameters: {} }));
    expect((missing as ValidationError).fields).toEqual({ 'parameters.Product Image': ['This field is required.'] });
    const huge = await rejectionOf(service.create(account, { inspirationId: marble.id, parameters: { 'Product Image': HUGE } }));
    expect((huge as ValidationError).fields['parameters.Product Image']![0]).toMatch(/5000×4000/);
    expect(await rejectionOf(service.create(account, { inspirationId: marble.id, parameters: { 'Product Image': PHOTO } }))).toBeInstanceOf(
      InsufficientCredits,
    );
    expect(await h.footprint(account)).toEqual(before);
  });
});
