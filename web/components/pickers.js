import { html } from '../lib/html.js';
import { useFetch } from '../lib/use-fetch.js';

/** A select of the account's avatars (built-in and custom, active ones). */
export function AvatarSelect({ api, name = 'avatar', value, onChange, empty = 'matched to the product' }) {
  const { data } = useFetch(api, '/api/personas/');
  const avatars = (Array.isArray(data) ? data : (data?.results ?? [])).filter((a) => a.status !== 'failed');
  return html`<select name=${name} value=${value ?? ''} onChange=${(e) => onChange(e.currentTarget.value)}>
    <option value="">${empty}</option>
    ${avatars.map((a) => html`<option value=${a.id}>${a.name}${a.is_builtin ? '' : ' (custom)'}</option>`)}
  </select>`;
}

/** A select of the first voices of a language (the TTS page has the full browser). */
export function VoiceSelect({ api, name = 'voice', value, onChange, language = 'en' }) {
  const { data } = useFetch(api, `/api/voices/paginated/?language=${encodeURIComponent(language)}&page_size=100`);
  return html`<select name=${name} value=${value ?? ''} onChange=${(e) => onChange(e.currentTarget.value)}>
    <option value="">the avatar's voice</option>
    ${(data?.results ?? []).map((v) => html`<option value=${v.id}>${v.name} · ${v.accent ?? v.language} · ${v.gender ?? ''}</option>`)}
  </select>`;
}

export const ASPECTS = ['9:16', '16:9', '1:1'];

export function Choice({ name, value, options, onChange }) {
  return html`<select name=${name} value=${value} onChange=${(e) => onChange(e.currentTarget.value)}>
    ${options.map((o) => html`<option value=${String(o)}>${String(o)}</option>`)}
  </select>`;
}
