import { html } from '../lib/html.js';
import { Media, mediaKind } from './media.js';

// Input fields hold URLs too (the product page, the uploaded photo); only these carry results.
const INPUT_FIELDS = new Set([
  'url',
  'image',
  'audio',
  'image_url',
  'video_url',
  'audio_url',
  'background_music_url',
  'consent_video',
  'webhook_url',
  'link',
  'lipsync_input_url',
  'override_avatar_by_image',
  'output_upload_url',
  'preview_url',
]);
const POSTER_FIELDS = ['video_thumbnail', 'thumbnail', 'preview_image_9_16', 'preview_image_16_9', 'preview_image_1_1'];

/** Every result media URL in a task, once each: top-level fields and arrays of {url}. */
export function resultMedia(task) {
  const seen = new Set();
  const found = [];
  const add = (url, label) => {
    if (!mediaKind(url) || seen.has(url)) return;
    seen.add(url);
    found.push({ url, label });
  };
  for (const [key, value] of Object.entries(task ?? {})) {
    if (INPUT_FIELDS.has(key) || key === 'previews') continue;
    if (typeof value === 'string') add(value, key);
    else if (Array.isArray(value))
      value.forEach((item, i) => {
        add(item?.url ?? item, item?.name ?? item?.size ?? `${key} ${i + 1}`);
      });
  }
  // A video's thumbnail is its poster, not a separate picture.
  const posters = POSTER_FIELDS.map((k) => task?.[k]).filter(Boolean);
  return found.filter((m) => !(posters.includes(m.url) && found.some((o) => mediaKind(o.url) === 'video')));
}

const shortId = (id) => (id ? String(id).slice(0, 8) : '');

/** One task: status, live progress, failure reason, players and downloads. `children` adds page-specific actions. */
export function TaskCard({ entry, previewAction, children }) {
  const task = entry.task;
  const status = task?.status ?? 'loading';
  const poster = POSTER_FIELDS.map((k) => task?.[k]).find((u) => mediaKind(u) === 'image');
  const progress = typeof task?.progress === 'number' ? Math.round(task.progress) : null;
  const media = resultMedia(task);
  const previews = Array.isArray(task?.previews) ? task.previews : [];
  return html`<article class="task-card" data-status=${status} data-path=${entry.path}>
    <header>
      <strong>${entry.label}</strong>
      <span class=${`status status-${status}`}>${status}</span>
    </header>
    ${
      task && status !== 'done' && status !== 'failed' && progress !== null
        ? html`<progress max="100" value=${progress} aria-label="progress">${progress} %</progress><span class="progress-text">${progress} %</span>`
        : null
    }
    ${task?.failed_reason ? html`<p class="form-error">${task.failed_reason}</p>` : null}
    ${
      previews.length
        ? html`<div class="previews">${previews.map(
            (p) => html`<div class="preview" key=${p.media_job} data-job=${p.media_job}>
          <${Media} url=${p.url} label=${p.visual_style ?? 'preview'} />
          ${previewAction ? previewAction(p, task) : null}
        </div>`,
          )}</div>`
        : null
    }
    ${media.length ? html`<div class="results">${media.map((m) => html`<${Media} key=${m.url} url=${m.url} poster=${poster} label=${m.label} />`)}</div>` : null}
    ${children}
    <footer class="meta">
      <span>${shortId(task?.id)}</span>
      ${task?.credits_used ? html`<span>${task.credits_used} credits</span>` : null}
      ${task?.duration ? html`<span>${Number(task.duration).toFixed(1)} s</span>` : null}
      ${task ? html`<details><summary>JSON</summary><pre>${JSON.stringify(task, null, 2)}</pre></details>` : null}
    </footer>
  </article>`;
}
