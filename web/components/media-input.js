import { html } from '../lib/html.js';

/** A media field as the API takes it: a URL, or a file sent as a multipart part of the same name. */
export function MediaInput({ name, value, onChange, accept }) {
  return html`<span class="media-input">
    <input type="file" name=${name} accept=${accept} onChange=${(e) => onChange(e.currentTarget.files[0] ?? null)} />
    <input type="url" name=${`${name}_url`} placeholder="…or a URL" value=${typeof value === 'string' ? value : ''} onInput=${(e) => onChange(e.currentTarget.value)} />
  </span>`;
}

/** JSON when every media value is a URL; multipart (files as parts named like their fields) otherwise. */
export function bodyWithMedia(values) {
  const present = Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== '');
  if (!present.some(([, v]) => v instanceof File)) return Object.fromEntries(present);
  const form = new FormData();
  for (const [key, v] of present) form.append(key, v instanceof File ? v : String(v), v instanceof File ? v.name : undefined);
  return form;
}
