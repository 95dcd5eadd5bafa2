import { useState } from 'preact/hooks';
import { FormErrors } from '../components/field.js';
import { html } from '../lib/html.js';
import { useFetch } from '../lib/use-fetch.js';

/** The music library by category; each track plays here and can be downloaded. */
export function MusicBrowser({ api }) {
  const [category, setCategory] = useState('');
  const { data: categories } = useFetch(api, '/api/music_categories/');
  const { data, error } = useFetch(api, `/api/musics/?page_size=50${category ? `&category=${encodeURIComponent(category)}` : ''}`);
  return html`<section class="page">
    <h2>Music</h2>
    <div class="filters">
      <label>Category <select value=${category} onChange=${(e) => setCategory(e.currentTarget.value)}>
        <option value="">all</option>
        ${(categories ?? []).map((c) => html`<option value=${c.id}>${c.name}</option>`)}
      </select></label>
      <span class="muted">${data ? `${data.count} tracks` : '…'}</span>
    </div>
    <${FormErrors} error=${error} />
    <ul class="tracks">${(data?.results ?? []).map(
      (t) => html`<li key=${t.id} class="track">
      <div><strong>${t.name}</strong> <span class="muted">${t.category} · ${Math.round(t.duration)} s · ${t.bpm} bpm · ${t.key}</span></div>
      <audio src=${t.url} controls preload="none"></audio>
      <a class="button small" href=${t.url} download>Download</a>
    </li>`,
    )}</ul>
  </section>`;
}
