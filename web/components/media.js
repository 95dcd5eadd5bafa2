import { html } from '../lib/html.js';

const VIDEO = /\.(mp4|webm|mov)$/i;
const AUDIO = /\.(mp3|wav|m4a|ogg|opus|flac)$/i;
const IMAGE = /\.(jpe?g|png|webp|gif)$/i;

/** The kind of media a (signed, query-carrying) URL points at, from its path's extension. */
export function mediaKind(url) {
  if (typeof url !== 'string' || !/^https?:/.test(url)) return null;
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  if (VIDEO.test(path)) return 'video';
  if (AUDIO.test(path)) return 'audio';
  if (IMAGE.test(path)) return 'image';
  return null;
}

/** A player or picture for a media URL, with a download button. */
export function Media({ url, poster, label }) {
  const kind = mediaKind(url);
  if (!kind) return null;
  const name = (label ?? 'clipwright').replace(/[^\w.-]+/g, '-');
  return html`<figure class=${`media media-${kind}`}>
    ${kind === 'video' ? html`<video src=${url} poster=${poster ?? undefined} controls preload="metadata" playsinline></video>` : null}
    ${kind === 'audio' ? html`<audio src=${url} controls preload="metadata"></audio>` : null}
    ${kind === 'image' ? html`<img src=${url} alt=${label ?? ''} loading="lazy" />` : null}
    <figcaption>${label ? html`<span>${label}</span>` : null}<a class="button small" href=${url} download=${name}>Download</a></figcaption>
  </figure>`;
}
