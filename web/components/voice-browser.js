import { useEffect, useState } from 'preact/hooks';
import { html } from '../lib/html.js';
import { FormErrors } from './field.js';

const PAGE_SIZE = 12;

/** Built-in and cloned voices, filtered by language and gender, each with a preview to play. */
export function VoiceBrowser({ api, selectedId, onPick }) {
  const [language, setLanguage] = useState('en');
  const [gender, setGender] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    const q = new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) });
    if (language.trim()) q.set('language', language.trim());
    if (gender) q.set('gender', gender);
    let live = true;
    // Both outcomes are handled here; an effect cannot wait for them.
    void api.get(`/api/voices/paginated/?${q}`).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
      },
      (e) => live && setError(e),
    );
    return () => (live = false);
  }, [language, gender, page]);
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  return html`<div class="voice-browser">
    <div class="filters">
      <label>Language <input size="6" value=${language} onInput=${(e) => {
        setLanguage(e.currentTarget.value);
        setPage(1);
      }} /></label>
      <label>Gender <select value=${gender} onChange=${(e) => {
        setGender(e.currentTarget.value);
        setPage(1);
      }}>
        <option value="">any</option><option value="female">female</option><option value="male">male</option>
      </select></label>
      <span class="muted">${data ? `${data.count} voices` : '…'}</span>
    </div>
    <${FormErrors} error=${error} />
    <ul class="voices">
      ${(data?.results ?? []).map(
        (v) => html`<li key=${v.id} class=${v.id === selectedId ? 'voice selected' : 'voice'} data-voice=${v.id}>
        <div><strong>${v.name}</strong> <span class="muted">${v.accent ?? v.language} · ${v.gender ?? ''} · ${v.engine ?? 'cloned'}</span></div>
        ${v.preview_url ? html`<audio src=${v.preview_url} controls preload="none" aria-label=${`preview of ${v.name}`}></audio>` : null}
        <button type="button" class="small" onClick=${() => onPick(v)}>${v.id === selectedId ? 'Chosen' : 'Use'}</button>
      </li>`,
      )}
    </ul>
    <div class="pager">
      <button type="button" class="small" disabled=${page <= 1} onClick=${() => setPage(page - 1)}>Previous</button>
      <span>${page} / ${pages}</span>
      <button type="button" class="small" disabled=${page >= pages} onClick=${() => setPage(page + 1)}>Next</button>
    </div>
  </div>`;
}
