/**
 * Reads the service's own OpenAPI document (GET /api/openapi.json) into what the generic forms
 * need: groups (tags), their operations, and each body field as one of a few input kinds.
 */
let documentPromise = null;

export function loadDocument() {
  documentPromise ??= fetch('/api/openapi.json').then((r) => {
    if (!r.ok) throw new Error(`The service's OpenAPI document answered ${r.status}.`);
    return r.json();
  });
  return documentPromise;
}

const NUMERIC_STRING = (s) => s?.type === 'string' && typeof s.pattern === 'string' && s.pattern.includes('\\d');

/** Drops the `null` branch and the service's "number or numeric string" / "boolean or '0'/'1'" alternatives. */
function essential(schema) {
  let s = schema ?? {};
  for (let i = 0; i < 4 && s.anyOf; i++) {
    const branches = s.anyOf.filter((b) => b.type !== 'null');
    const typed = branches.find((b) => b.type === 'number' || b.type === 'integer' || b.type === 'boolean' || b.type === 'array' || b.type === 'object');
    if (branches.length === 1) s = { ...branches[0], description: s.description ?? branches[0].description };
    else if (typed && branches.every((b) => b === typed || NUMERIC_STRING(b) || b.enum || b.type === 'string'))
      s = { ...typed, description: s.description ?? typed.description };
    else s = { ...branches[0], description: s.description ?? branches[0].description };
  }
  if (Array.isArray(s.type)) s = { ...s, type: s.type.find((t) => t !== 'null') };
  return s;
}

/**
 * One body property as an input: kind is text, longtext, number, boolean, choice, list (strings),
 * media (a URL or an uploaded file) or json (anything nested).
 */
export function describeField(name, schema, required) {
  const s = essential(schema);
  const base = { name, required, description: s.description ?? '' };
  if (s.enum) return { ...base, kind: 'choice', options: s.enum.map(String) };
  if (s.type === 'boolean') return { ...base, kind: 'boolean' };
  if (s.type === 'number' || s.type === 'integer') return { ...base, kind: 'number', min: s.minimum, max: s.maximum };
  if (s.type === 'array' && essential(s.items).type === 'string') return { ...base, kind: 'list' };
  if (s.type === 'array' || s.type === 'object') return { ...base, kind: 'json' };
  if (s.type === 'string' && typeof s.pattern === 'string' && s.pattern.includes('upload:')) return { ...base, kind: 'media' };
  if (s.type === 'string' && (s.maxLength ?? 0) > 300 && !/url/.test(name)) return { ...base, kind: 'longtext' };
  return { ...base, kind: 'text' };
}

export function bodyFields(operation) {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, prop]) => describeField(name, prop, required.has(name)));
}

/** {tag: [{method, path, summary, operation}]} for every /api operation. */
export function operationsByTag(doc) {
  const groups = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!operation) continue;
      for (const tag of operation.tags ?? ['Other']) {
        groups[tag] ??= [];
        groups[tag].push({ method: method.toUpperCase(), path, summary: operation.summary ?? '', operation });
      }
    }
  }
  return groups;
}

/** The GET path of the task a POST creates: the longest "…/{id}/" GET whose prefix the POST path starts with. */
export function taskPathFor(doc, postPath) {
  let best = null;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const m = /^(.*\/)\{[a-z_]+\}\/$/.exec(path);
    if (!item.get || !m || !postPath.startsWith(m[1])) continue;
    if (!best || m[1].length > best.prefix.length) best = { prefix: m[1], path };
  }
  return best ? (id) => `${best.prefix}${encodeURIComponent(id)}/` : null;
}

export const slug = (tag) =>
  tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
