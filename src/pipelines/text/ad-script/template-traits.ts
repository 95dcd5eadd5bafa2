import { slotsOf } from '../fill-template.js';

/** What choosing a sentence asks of a template. */
export interface TemplateTraits {
  slots: readonly string[];
  /** Names a selling point or a number, so using it twice does not repeat a sentence word for word. */
  varies: boolean;
  takesPoint: boolean;
  carriesFact: boolean;
  namesProduct: boolean;
  /** Says the product's main benefit. */
  saysBenefit: boolean;
}

const FACT_SLOTS = new Set(['price', 'rating', 'count', 'quote', 'quote2', 'brand', 'points', 'audience', 'point', 'Point', 'benefit', 'Benefit']);
const READ = new WeakMap<readonly string[], readonly TemplateTraits[]>();

/**
 * The traits of a phrase bank's templates for one beat kind, read once per bank list: sizing a
 * script to its budget realizes it hundreds of times.
 */
export function traitsOf(templates: readonly string[]): readonly TemplateTraits[] {
  let traits = READ.get(templates);
  if (!traits) {
    traits = templates.map((template) => {
      const slots = slotsOf(template);
      return {
        slots,
        varies: /\{(point|Point|nth|Nth)\}/.test(template),
        takesPoint: /\{(point|Point)\}/.test(template),
        carriesFact: slots.some((s) => FACT_SLOTS.has(s)),
        namesProduct: template.includes('{product}'),
        saysBenefit: /\{(benefit|Benefit)\}/.test(template),
      };
    });
    READ.set(templates, traits);
  }
  return traits;
}
