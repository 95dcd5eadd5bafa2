import { useState } from 'preact/hooks';
import { ApiError } from '../lib/api.js';
import { html } from '../lib/html.js';
import { Field, FormErrors } from './field.js';

/**
 * The request body from the form's values: empty inputs are left out (the service's defaults
 * apply), numbers and booleans typed, lists split on commas or lines, JSON parsed. With a file
 * chosen it is multipart (the file part stands where its URL would), otherwise JSON.
 */
export function buildBody(fields, values) {
  const body = {};
  const problems = {};
  const files = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v instanceof File) files[f.name] = v;
    else if (v === undefined || v === '') continue;
    else if (f.kind === 'number') body[f.name] = Number(v);
    else if (f.kind === 'boolean') body[f.name] = v === 'true';
    else if (f.kind === 'list')
      body[f.name] = String(v)
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean);
    else if (f.kind === 'json') {
      try {
        body[f.name] = JSON.parse(v);
      } catch {
        problems[f.name] = ['Not valid JSON.'];
      }
    } else body[f.name] = v;
  }
  if (Object.keys(problems).length) throw new ApiError(400, problems);
  if (!Object.keys(files).length) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const [name, file] of Object.entries(files)) form.append(name, file, file.name);
  return form;
}

function Input({ field, value, set }) {
  const onInput = (e) => set(e.currentTarget.value);
  switch (field.kind) {
    case 'choice':
      return html`<select name=${field.name} value=${value ?? ''} onChange=${onInput}>
        <option value="">${field.required ? 'choose…' : 'default'}</option>
        ${field.options.map((o) => html`<option value=${o}>${o}</option>`)}
      </select>`;
    case 'boolean':
      return html`<select name=${field.name} value=${value ?? ''} onChange=${onInput}>
        <option value="">default</option><option value="true">yes</option><option value="false">no</option>
      </select>`;
    case 'number':
      return html`<input name=${field.name} type="number" step="any" min=${field.min} max=${field.max} value=${value ?? ''} onInput=${onInput} />`;
    case 'longtext':
      return html`<textarea name=${field.name} rows="3" value=${value ?? ''} onInput=${onInput}></textarea>`;
    case 'json':
      return html`<textarea name=${field.name} rows="3" class="code" placeholder="JSON" value=${value ?? ''} onInput=${onInput}></textarea>`;
    case 'list':
      return html`<input name=${field.name} placeholder="comma separated" value=${value ?? ''} onInput=${onInput} />`;
    case 'media':
      return html`<span class="media-input">
        <input name=${field.name} type="url" placeholder="https://… or upload:…" value=${value instanceof File ? '' : (value ?? '')} onInput=${onInput} />
        <input name=${`${field.name}__file`} type="file" aria-label=${`${field.name} file`} onChange=${(e) => set(e.currentTarget.files[0] ?? '')} />
      </span>`;
    default:
      return html`<input name=${field.name} value=${value ?? ''} onInput=${onInput} />`;
  }
}

/** A form for a request body described by the OpenAPI document; errors land beside their fields. */
export function SchemaForm({ fields, onSubmit, error, busy, submitLabel = 'Send', initial = {} }) {
  const [values, setValues] = useState(initial);
  const [localError, setLocalError] = useState(null);
  const shownError = localError ?? error;
  const submit = (event) => {
    event.preventDefault();
    setLocalError(null);
    let body;
    try {
      body = buildBody(fields, values);
    } catch (err) {
      setLocalError(err);
      return;
    }
    onSubmit(body);
  };
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  const field = (f) => html`<${Field} key=${f.name} label=${f.name + (f.required ? ' *' : '')} name=${f.name} error=${shownError} hint=${f.description}>
    <${Input} field=${f} value=${values[f.name]} set=${(v) => setValues({ ...values, [f.name]: v })} />
  <//>`;
  return html`<form class="schema-form" onSubmit=${submit}>
    <div class="grid">${required.map(field)}</div>
    ${optional.length ? html`<details open=${required.length === 0}><summary>Optional fields (${optional.length})</summary><div class="grid">${optional.map(field)}</div></details>` : null}
    <${FormErrors} error=${shownError} shown=${fields.map((f) => f.name)} />
    <button type="submit" disabled=${busy}>${busy ? 'Sending…' : submitLabel}</button>
  </form>`;
}
