import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { Choice } from '../components/pickers.js';
import { html } from '../lib/html.js';
import { refreshCredits } from '../lib/credits.js';
import { useAction } from '../lib/use-action.js';

const STYLES = [
  'DiscoveryWriter',
  'DontWorryWriter',
  'EmotionalWriter',
  'GenzWriter',
  'LetMeShowYouWriter',
  'MotivationalWriter',
  'ProblemSolutionWriter',
  'ResponseBubbleWriter',
  'StoryTimeWriter',
  'ThreeReasonsWriter',
];

/** AI scripts: ad scripts in several styles from a product URL or a title and description. */
export function AiScripts({ api }) {
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [styles, setStyles] = useState(['DiscoveryWriter', 'ProblemSolutionWriter']);
  const [length, setLength] = useState('30');
  const [language, setLanguage] = useState('en');
  const [result, setResult] = useState(null);
  const { busy, error, run } = useAction();
  const submit = (event) => {
    event.preventDefault();
    run(async () => {
      const body = { script_styles: styles, video_length: Number(length), language, ...(url ? { url } : { title, description }) };
      setResult(await api.post('/api/ai_scripts/', body));
      refreshCredits(api);
    });
  };
  const toggle = (s) => setStyles(styles.includes(s) ? styles.filter((x) => x !== s) : [...styles, s]);
  return html`<section class="page">
    <h2>AI scripts</h2>
    <form class="card" onSubmit=${submit}>
      <${Field} label="Product page URL" name="url" error=${error}><input type="url" value=${url} onInput=${(e) => setUrl(e.currentTarget.value)} /><//>
      <p class="muted">…or a title and a description:</p>
      <div class="grid">
        <${Field} label="Title" name="title" error=${error}><input value=${title} onInput=${(e) => setTitle(e.currentTarget.value)} /><//>
        <${Field} label="Length (s)" name="video_length" error=${error}><${Choice} value=${length} options=${[15, 30, 45, 60]} onChange=${setLength} /><//>
        <${Field} label="Language" name="language" error=${error}><${Choice} value=${language} options=${['en', 'es', 'fr', 'de']} onChange=${setLanguage} /><//>
      </div>
      <${Field} label="Description" name="description" error=${error}><textarea rows="2" value=${description} onInput=${(e) => setDescription(e.currentTarget.value)}></textarea><//>
      <${Field} label="Styles (up to 5)" name="script_styles" error=${error}>
        <div class="chips">${STYLES.map((s) => html`<label class=${styles.includes(s) ? 'chip on' : 'chip'}><input type="checkbox" checked=${styles.includes(s)} onChange=${() => toggle(s)} />${s.replace('Writer', '')}</label>`)}</div>
      <//>
      <${FormErrors} error=${error} shown=${['url', 'title', 'description', 'video_length', 'language', 'script_styles']} />
      <button type="submit" disabled=${busy}>${busy ? 'Writing…' : 'Write scripts'}</button>
    </form>
    ${
      result
        ? html`<div class="scripts">${(result.generated_scripts ?? []).map(
            (s) => html`<article class="card" key=${s.script_style}>
      <h3>${s.title} <span class="muted">${s.script_style} · ${s.word_count} words · ~${Math.round(s.estimated_duration)} s</span></h3>
      ${(s.paragraphs ?? []).map((p) => html`<p>${p}</p>`)}
    </article>`,
          )}</div>`
        : null
    }
  </section>`;
}
