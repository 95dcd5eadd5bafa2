import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { ASPECTS, AvatarSelect, Choice, VoiceSelect } from '../components/pickers.js';
import { TaskList } from '../components/task-list.js';
import { html } from '../lib/html.js';
import { refollowTask, trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';

// The twelve layouts the service draws (src/pipelines/video/visual-styles.ts).
const STYLES = [
  'AvatarBubbleTemplate',
  'FullScreenTemplate',
  'QuickTransitionTemplate',
  'SideBySideTemplate',
  'TopBottomTemplate',
  'VanillaTemplate',
  'EnhancedVanillaTemplate',
  'DramaticTemplate',
  'MotionCardsTemplate',
  'FeatureHighlightTemplate',
  'GreenScreenEffectTemplate',
  'TwitterFrameTemplate',
];
const LENGTHS = [15, 30, 45, 60];

/** A price as facts carry it: text, or an object such as {amount, currency}. */
const priceText = (price) =>
  price && typeof price === 'object'
    ? Object.values(price)
        .filter((v) => typeof v === 'string' || typeof v === 'number')
        .join(' ')
    : price;

/** What the service read from the page: the Links group's facts. */
function LinkFacts({ link }) {
  const facts = link.link ?? {};
  return html`<div class="card link-facts" data-link=${link.id}>
    <h3>${facts.title || link.url}</h3>
    <p class="muted">${[facts.brand, priceText(facts.price), facts.ai_industry].filter(Boolean).join(' · ')}</p>
    ${facts.description ? html`<p>${facts.description}</p>` : null}
    ${facts.ai_summary ? html`<p class="muted"><em>${facts.ai_summary}</em></p>` : null}
    <div class="thumbs">${(facts.image_urls ?? []).slice(0, 6).map((u) => html`<img key=${u} src=${u} alt="" loading="lazy" />`)}</div>
  </div>`;
}

/** URL to video: paste a product URL → its facts → styles, avatar, voice, length, aspect → previews side by side → render one. */
export function UrlToVideo({ api }) {
  const [url, setUrl] = useState('');
  const [link, setLink] = useState(null);
  const [styles, setStyles] = useState(['AvatarBubbleTemplate', 'FullScreenTemplate']);
  const [avatar, setAvatar] = useState('');
  const [voice, setVoice] = useState('');
  const [length, setLength] = useState('15');
  const [aspect, setAspect] = useState('9:16');
  const reading = useAction();
  const making = useAction();
  const rendering = useAction();

  const readLink = (event) => {
    event.preventDefault();
    reading.run(async () => setLink(await api.post('/api/links/', { url: url.trim() })));
  };
  const makePreviews = (event) => {
    event.preventDefault();
    making.run(async () => {
      const body = {
        link: link.id,
        visual_styles: styles,
        video_length: Number(length),
        aspect_ratio: aspect,
        ...(avatar ? { override_avatar: avatar } : {}),
        ...(voice ? { override_voice: voice } : {}),
      };
      const task = await api.post('/api/link_to_videos/preview_list_async/', body);
      trackTask(api, { path: `/api/link_to_videos/${task.id}/`, group: 'url-video', label: `Previews: ${link.link?.title ?? link.url}`, task });
    });
  };
  const toggle = (style) => setStyles(styles.includes(style) ? styles.filter((s) => s !== style) : [...styles, style]);
  const renderAction = (preview, task) => html`<button type="button" class="small" disabled=${rendering.busy}
    onClick=${() =>
      rendering.run(async () => {
        const answer = await api.post('/api/link_to_videos/render_single_preview/', { id: task.id, media_job: preview.media_job });
        refollowTask(api, `/api/link_to_videos/${task.id}/`, answer);
      })}>Render this</button>`;

  return html`<section class="page">
    <h2>URL to video</h2>
    <form class="card" onSubmit=${readLink} id="link-form">
      <${Field} label="Product page URL" name="url" error=${reading.error}>
        <input name="url" type="url" value=${url} onInput=${(e) => setUrl(e.currentTarget.value)} placeholder="https://shop.example/product" />
      <//>
      <${FormErrors} error=${reading.error} shown=${['url']} />
      <button type="submit" disabled=${reading.busy}>${reading.busy ? 'Reading the page…' : 'Read the page'}</button>
    </form>
    ${
      link
        ? html`<${LinkFacts} link=${link} />
      <form class="card" onSubmit=${makePreviews} id="preview-form">
        <${Field} label="Visual styles (one preview each)" name="visual_styles" error=${making.error}>
          <div class="chips">${STYLES.map((s) => html`<label class=${styles.includes(s) ? 'chip on' : 'chip'}><input type="checkbox" name="style" value=${s} checked=${styles.includes(s)} onChange=${() => toggle(s)} />${s.replace('Template', '')}</label>`)}</div>
        <//>
        <div class="grid">
          <${Field} label="Avatar" name="override_avatar" error=${making.error}><${AvatarSelect} api=${api} name="override_avatar" value=${avatar} onChange=${setAvatar} /><//>
          <${Field} label="Voice" name="override_voice" error=${making.error}><${VoiceSelect} api=${api} name="override_voice" value=${voice} onChange=${setVoice} /><//>
          <${Field} label="Length (s)" name="video_length" error=${making.error}><${Choice} name="video_length" value=${length} options=${LENGTHS} onChange=${setLength} /><//>
          <${Field} label="Aspect" name="aspect_ratio" error=${making.error}><${Choice} name="aspect_ratio" value=${aspect} options=${ASPECTS} onChange=${setAspect} /><//>
        </div>
        <${FormErrors} error=${making.error} shown=${['visual_styles', 'override_avatar', 'override_voice', 'video_length', 'aspect_ratio']} />
        <button type="submit" disabled=${making.busy || !styles.length}>${making.busy ? 'Sending…' : `Make ${styles.length} preview${styles.length === 1 ? '' : 's'}`}</button>
      </form>`
        : null
    }
    <${FormErrors} error=${rendering.error} />
    <h3>Tasks</h3>
    <${TaskList} group="url-video" previewAction=${renderAction} />
  </section>`;
}
