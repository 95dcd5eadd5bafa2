/**
 * A small deterministic generator of values that a JSON Schema (as the OpenAPI document states it)
 * calls valid: one typical value, and the values at the edges of each rule — every enum member,
 * both bounds of a number, the shortest and longest string, an empty and a full list, null where
 * null is allowed. Variants change one place at a time and keep the rest typical, so a refusal
 * names the rule the document failed to state.
 */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | Schema;
  /** The keywords no test reads (description, default, examples, …). */
  [keyword: string]: unknown;
}

/** A value for the field at `path` ("caption_setting.offset.x", no list indexes) that the document cannot constrain (an id, a fetched URL); `undefined` = vary it from its schema. */
export type FieldSample = (path: string) => unknown;

export interface Variant {
  /** Where the value differs from the typical one, e.g. "caption_setting.font_size". */
  at: string;
  value: unknown;
}

/** Strings tried against a `pattern` the generator cannot invert (the document's patterns are few). */
const PATTERN_CANDIDATES = [
  'https://example.com/a.png',
  '2024-01-01T00:00:00Z',
  '#FFFFFF',
  '#fff',
  '#000000B3',
  'upload:00000000-0000-4000-8000-000000000000',
  'created_at',
  '1',
  'a',
];

const TEXT = 'Hello there, this is a short sentence to speak. ';

const MAX_ARRAY_VARIANT_ITEMS = 20;
/** A long enum (a machine's hundred languages) is tried at this many members, spread evenly, first and last included. */
const MAX_ENUM_VARIANTS = 16;
const MAX_STRING_VARIANT_CHARS = 20_000;

export class SchemaSamples {
  constructor(private readonly sample: FieldSample = () => undefined) {}

  /** The typical valid value: required properties only, first enum member, lower bounds. */
  typical(schema: Schema, field = ''): unknown {
    const given = this.sampleFor(schema, field);
    if (given !== undefined) return given;
    if (!schema || typeof schema !== 'object') return 'x';
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const branches = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(branches) && !schema.properties) {
      const first = branches.find((b) => b.type !== 'null') ?? branches[0];
      return this.typical(first ?? {}, field);
    }
    const type = typeOf(schema);
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return false;
      case 'integer':
      case 'number':
        return typicalNumber(schema, type === 'integer');
      case 'string':
        return typicalString(schema);
      case 'array': {
        const item = this.typical(schema.items ?? {}, field);
        return Array.from({ length: schema.minItems ?? 0 }, () => item);
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const name of requiredOf(schema)) out[name] = this.typical(propertyOf(schema, name), field ? `${field}.${name}` : name);
        return out;
      }
      default:
        return 'x';
    }
  }

  /** The field's sample, as a list where the schema takes a list of them. */
  private sampleFor(schema: Schema, field: string): unknown {
    const given = field ? this.sample(field) : undefined;
    if (given === undefined || Array.isArray(given)) return given;
    const takesList =
      typeOf(schema) === 'array' ||
      (schema?.anyOf ?? []).some((b: Schema) => typeOf(b) === 'array' && !(schema.anyOf ?? []).some((o: Schema) => typeOf(o) === 'string'));
    return takesList ? [given] : given;
  }

  /** Every edge value of the schema, each as a whole value (objects: typical with one place changed). */
  variants(schema: Schema, field = '', at = field): Variant[] {
    const given = this.sampleFor(schema, field);
    if (given !== undefined) return [{ at, value: given }];
    if (!schema || typeof schema !== 'object' || !Object.keys(schema).length)
      return [
        { at, value: 'x' },
        { at, value: {} },
      ];
    if ('const' in schema) return [{ at, value: schema.const }];
    if (Array.isArray(schema.enum)) return spread(schema.enum).map((value: unknown) => ({ at, value }));
    const branches = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(branches) && !schema.properties) return branches.flatMap((b: Schema) => this.variants(b, field, at));
    if (Array.isArray(schema.type)) return schema.type.flatMap((type: string) => this.variants({ ...schema, type }, field, at));
    const type = typeOf(schema);
    switch (type) {
      case 'null':
        return [{ at, value: null }];
      case 'boolean':
        return [
          { at, value: true },
          { at, value: false },
        ];
      case 'integer':
      case 'number':
        return numberEdges(schema, type === 'integer').map((value) => ({ at, value }));
      case 'string':
        return stringEdges(schema).map((value) => ({ at, value }));
      case 'array': {
        const items = schema.items ?? {};
        const min = schema.minItems ?? 0;
        const max = Math.min(schema.maxItems ?? min + 1, MAX_ARRAY_VARIANT_ITEMS);
        const typicalItem = this.typical(items, field);
        const out: Variant[] = [];
        for (const n of new Set([min, Math.max(min, 1), max])) out.push({ at: `${at}[${n}]`, value: Array.from({ length: n }, () => typicalItem) });
        const length = Math.max(min, 1);
        for (const v of this.variants(items, field, `${at}[]`))
          out.push({ at: v.at, value: [v.value, ...Array.from({ length: length - 1 }, () => typicalItem)] });
        return out;
      }
      case 'object': {
        const base = this.typical(schema, field) as Record<string, unknown>;
        const out: Variant[] = [{ at, value: base }];
        for (const name of Object.keys(schema.properties ?? {})) {
          for (const v of this.variants(propertyOf(schema, name), field ? `${field}.${name}` : name, at ? `${at}.${name}` : name))
            out.push({ at: v.at, value: { ...base, [name]: v.value } });
        }
        return out;
      }
      default:
        return [{ at, value: 'x' }];
    }
  }
}

function spread<T>(values: T[]): T[] {
  if (values.length <= MAX_ENUM_VARIANTS) return values;
  const step = (values.length - 1) / (MAX_ENUM_VARIANTS - 1);
  return Array.from({ length: MAX_ENUM_VARIANTS }, (_, i) => values[Math.round(i * step)]!);
}

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t: string) => t !== 'null') ?? 'null';
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function propertyOf(schema: Schema, name: string): Schema {
  return schema.properties?.[name] ?? {};
}

/** `required`, and for a body whose rule is "one of these names" (allOf of anyOf), the first name of each. */
export function requiredOf(schema: Schema): string[] {
  const names = new Set<string>(schema.required ?? []);
  for (const part of schema.allOf ?? []) {
    for (const name of part.required ?? []) names.add(name);
    const first = (part.anyOf ?? part.oneOf)?.[0];
    for (const name of first?.required ?? []) names.add(name);
  }
  const first = (schema.anyOf ?? schema.oneOf)?.[0];
  for (const name of first?.required ?? []) names.add(name);
  return [...names];
}

function bounds(schema: Schema, integer: boolean): { lo: number; hi: number } {
  const step = integer ? 1 : 0.001;
  const lo = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + step : undefined);
  const hi = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - step : undefined);
  return { lo: lo ?? (hi !== undefined ? Math.min(0, hi) : 0), hi: hi ?? Math.max(lo ?? 0, 0) + 100 };
}

function typicalNumber(schema: Schema, integer: boolean): number {
  return bounds(schema, integer).lo;
}

function numberEdges(schema: Schema, integer: boolean): number[] {
  const { lo, hi } = bounds(schema, integer);
  const mid = integer ? Math.floor((lo + hi) / 2) : (lo + hi) / 2;
  const edges = [lo, mid, hi];
  // No lower bound stated: a negative number is valid too.
  if (schema.minimum === undefined && schema.exclusiveMinimum === undefined) edges.push(-1);
  return [...new Set(edges)];
}

function fill(length: number): string {
  return TEXT.repeat(Math.ceil(length / TEXT.length) + 1).slice(0, length);
}

function matchesPattern(schema: Schema, value: string): boolean {
  return !schema.pattern || new RegExp(schema.pattern, 'u').test(value);
}

function typicalString(schema: Schema): string {
  if (schema.pattern) return patternSample(schema);
  if (schema.format) return formatSample(schema.format);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const text = TEXT.trim();
  if (text.length >= min && text.length <= max) return text;
  return fill(Math.min(Math.max(min, 1), max));
}

function patternSample(schema: Schema): string {
  const hit = PATTERN_CANDIDATES.find((c) => matchesPattern(schema, c) && c.length <= (schema.maxLength ?? Infinity) && c.length >= (schema.minLength ?? 0));
  if (!hit) throw new Error(`No sample string for the pattern ${schema.pattern}: add one to PATTERN_CANDIDATES`);
  return hit;
}

function formatSample(format: string): string {
  switch (format) {
    case 'uri':
    case 'url':
      return 'https://example.com/a';
    case 'date-time':
      return '2024-01-01T00:00:00Z';
    case 'date':
      return '2024-01-01';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'email':
      return 'a@example.com';
    default:
      throw new Error(`No sample string for the format ${format}`);
  }
}

function stringEdges(schema: Schema): string[] {
  if (schema.pattern || schema.format) {
    const typical = typicalString(schema);
    const edges = [typical];
    // A pattern that lets a long value through: the longest one it allows.
    if (schema.maxLength && schema.maxLength <= MAX_STRING_VARIANT_CHARS) {
      const long = typical + 'a'.repeat(Math.max(0, schema.maxLength - typical.length));
      if (matchesPattern(schema, long)) edges.push(long);
    }
    return edges;
  }
  const min = schema.minLength ?? 0;
  const edges = [fill(min), typicalString(schema)];
  if (schema.maxLength !== undefined && schema.maxLength <= MAX_STRING_VARIANT_CHARS) edges.push(fill(schema.maxLength));
  return [...new Set(edges)];
}
