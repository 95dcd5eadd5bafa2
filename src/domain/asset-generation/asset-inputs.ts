import { z } from 'zod';
import { addFieldError, type FieldErrors } from '../../core/errors.js';
import { isMediaRef } from '../../core/uploads.js';

/**
 * The inputs of an asset model, as the schema endpoint shows them and as a create is validated
 * against them. Media inputs (`image`, `video`, `image_list`) are URLs or `upload:` values; their
 * content is checked separately (fetchable, decodable, the right kind, size limits).
 */
export type AssetInputType = 'string' | 'integer' | 'number' | 'boolean' | 'color' | 'image' | 'video' | 'image_list';

export interface AssetInputSpec {
  type: AssetInputType;
  required: boolean;
  description: string;
  /** Allowed values (strings or numbers); anything else is a 400 that lists them. */
  options?: readonly (string | number)[];
  default?: string | number | boolean;
  /** Bounds of a number, inclusive. */
  minimum?: number;
  maximum?: number;
  /** Longest string accepted. */
  maxLength?: number;
  /** Number of pictures in an `image_list`. */
  minItems?: number;
  maxItems?: number;
  /** Longest side of a picture accepted, in pixels. */
  maxSidePx?: number;
  /** Longest video accepted. */
  maxDurationSeconds?: number;
}

export type AssetInputValue = string | number | boolean | string[];
export type AssetInputs = Record<string, AssetInputValue>;

/** Validated inputs as a task freezes them (an asset generation's, an inspiration job's): what its job runs on. */
export const storedAssetInputs: z.ZodType<AssetInputs> = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]));

export const MEDIA_INPUT_TYPES: readonly AssetInputType[] = ['image', 'video', 'image_list'];

const MAX_URL_LENGTH = 2000;
const isMediaInput = (v: unknown): v is string => isMediaRef(v) && v.length <= MAX_URL_LENGTH;
const COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const DECIMAL = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * Validates `params` against a model's inputs: required inputs present, types, options and
 * bounds enforced, defaults filled in. Errors are keyed by the input's dotted path under
 * `prefix` (`input_params.image_url`), in the contract's wording. Unknown keys are ignored,
 * as unknown body fields are everywhere.
 */
export function validateAssetInputs(
  specs: Readonly<Record<string, AssetInputSpec>>,
  params: Readonly<Record<string, unknown>>,
  prefix = 'input_params',
): { values: AssetInputs; errors: FieldErrors } {
  const values: AssetInputs = {};
  const errors: FieldErrors = {};
  for (const [name, spec] of Object.entries(specs)) {
    const field = `${prefix}.${name}`;
    const raw = params[name];
    if (raw === undefined || raw === null || raw === '') {
      if (spec.required)
        errors[field] = [raw === null ? 'This field may not be null.' : raw === '' ? 'This field may not be blank.' : 'This field is required.'];
      else if (spec.default !== undefined) values[name] = spec.default;
      continue;
    }
    const out = readValue(spec, raw, field, errors);
    if (out !== undefined) values[name] = out;
  }
  return { values, errors };
}

function readValue(spec: AssetInputSpec, raw: unknown, field: string, errors: FieldErrors): AssetInputValue | undefined {
  const fail = (message: string, at = field) => {
    addFieldError(errors, at, message);
    return undefined;
  };
  const choice = (v: string | number) =>
    spec.options && !spec.options.includes(v) ? fail(`"${String(v)}" is not a valid choice. Allowed: ${spec.options.join(', ')}.`) : v;
  switch (spec.type) {
    case 'string': {
      if (typeof raw !== 'string') return fail('Not a valid string.');
      const text = raw.trim();
      if (!text) return fail('This field may not be blank.');
      if (spec.maxLength !== undefined && text.length > spec.maxLength) return fail(`Ensure this field has no more than ${spec.maxLength} characters.`);
      return choice(text);
    }
    case 'color':
      return typeof raw === 'string' && COLOUR.test(raw) ? raw : fail('Enter a colour as #RGB, #RRGGBB or #RRGGBBAA (hexadecimal, e.g. #FFFFFF or #000000B3).');
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      return fail('Must be a valid boolean.');
    case 'integer':
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
      const range = spec.minimum !== undefined && spec.maximum !== undefined ? `Ensure this value is between ${spec.minimum} and ${spec.maximum}.` : '';
      if (!Number.isFinite(n) || (spec.type === 'integer' && !Number.isInteger(n))) return fail(`A valid ${spec.type} is required.${range ? ` ${range}` : ''}`);
      if (spec.options) return choice(n);
      if ((spec.minimum !== undefined && n < spec.minimum) || (spec.maximum !== undefined && n > spec.maximum)) return fail(range || 'Value out of range.');
      return n;
    }
    case 'image':
    case 'video':
      return isMediaInput(raw) ? raw : fail('Enter a valid URL.');
    case 'image_list': {
      // A form sends a list as repeated fields or as one comma-separated value.
      const list = Array.isArray(raw)
        ? raw
        : typeof raw === 'string'
          ? raw
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : null;
      if (!list) return fail('Expected a list of image URLs.');
      if (spec.minItems !== undefined && list.length < spec.minItems) return fail(`Ensure this field has at least ${spec.minItems} elements.`);
      if (spec.maxItems !== undefined && list.length > spec.maxItems) return fail(`Ensure this field has no more than ${spec.maxItems} elements.`);
      let ok = true;
      list.forEach((v, i) => {
        if (!isMediaInput(v)) {
          fail('Enter a valid URL.', `${field}.${i}`);
          ok = false;
        }
      });
      return ok ? (list as string[]) : undefined;
    }
  }
}
