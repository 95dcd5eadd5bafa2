import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { priceOf, templateProductFacts } from '../../../src/pipelines/custom-templates/template-facts.js';
import { readTemplateDir } from '../../../src/pipelines/custom-templates/template-files.js';

async function builtin(file: string) {
  const { templates } = await readTemplateDir(join(import.meta.dirname, '../../../assets/templates'), 'builtin');
  const named = (await import(join(import.meta.dirname, '../../../assets/templates', file), { with: { type: 'json' } })).default as { id: string };
  return templates.find((t) => t.template.id === named.id)!.template;
}

describe("a template's product facts", () => {
  it('reads the name, the selling price (not the old one) and the feature lines the client gave, defaults filling the rest', async () => {
    const deal = await builtin('flash-deal-vertical.json');
    const facts = templateProductFacts(deal, { 'Product Name': { type: 'text', text: 'TrailFlask' }, 'New Price': { type: 'text', text: '$34.95' } });
    expect(facts).toMatchObject({ title: 'TrailFlask', price: { amount: 34.95, currency: 'USD' } });
    const wide = await builtin('product-showcase-wide.json');
    expect(templateProductFacts(wide, { 'Product Name': { type: 'text', text: 'TrailFlask' } })).toMatchObject({
      title: 'TrailFlask',
      price: { amount: 29, currency: 'USD' },
      features: ['Cold for 24 hours. Hot for 12.'],
    });
  });

  it('is null for a template that names no product (its sample voiceover is kept)', async () => {
    const recipe = await builtin('recipe-steps-vertical.json');
    expect(templateProductFacts(recipe, { Title: { type: 'text', text: 'Pesto pasta' } })).toBeNull();
  });

  it('reads prices as written', () => {
    expect(priceOf('Was $1,299.50')).toEqual({ amount: 1299.5, currency: 'USD' });
    expect(priceOf('29,99 €')).toEqual({ amount: 29.99, currency: 'EUR' });
    expect(priceOf('1.299,50 €')).toEqual({ amount: 1299.5, currency: 'EUR' });
    expect(priceOf('USD 15')).toEqual({ amount: 15, currency: 'USD' });
    expect(priceOf('free')).toBeNull();
  });
});
