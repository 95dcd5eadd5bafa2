import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { MediaInput, bodyWithMedia } from '../components/media-input.js';
import { Media } from '../components/media.js';
import { TaskList } from '../components/task-list.js';
import { html } from '../lib/html.js';
import { trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';
import { invalidate, useFetch } from '../lib/use-fetch.js';

/** Voice cloning: upload a speech sample; the clone's preview plays and its id works as a voice. */
export function VoiceCloning({ api }) {
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('en');
  const [sample, setSample] = useState(null);
  const [version, setVersion] = useState(0);
  const { busy, error, run } = useAction();
  const removing = useAction();
  const { data: cloned } = useFetch(api, `/api/voices/cloned/?v=${version}`);
  const submit = (event) => {
    event.preventDefault();
    run(async () => {
      const task = await api.post('/api/voices/clone/', bodyWithMedia({ name, language, audio_url: sample }));
      trackTask(api, { path: `/api/voices/${task.id}/`, group: 'voice-clone', label: `Clone: ${name}`, task });
      invalidate(`/api/voices/cloned/?v=${version}`);
      setVersion(version + 1);
    });
  };
  const list = Array.isArray(cloned) ? cloned : (cloned?.results ?? []);
  return html`<section class="page">
    <h2>Voice cloning</h2>
    <form class="card" onSubmit=${submit}>
      <div class="grid">
        <${Field} label="Name" name="name" error=${error}><input name="name" value=${name} onInput=${(e) => setName(e.currentTarget.value)} /><//>
        <${Field} label="Language" name="language" error=${error}><input name="language" value=${language} onInput=${(e) => setLanguage(e.currentTarget.value)} /><//>
      </div>
      <${Field} label="Speech sample (5 s to 10 min; 30 s or more works best)" name="audio_url" error=${error}>
        <${MediaInput} name="audio_url" accept="audio/*" value=${sample} onChange=${setSample} />
      <//>
      <${FormErrors} error=${error} shown=${['name', 'language', 'audio_url']} />
      <button type="submit" disabled=${busy}>${busy ? 'Uploading…' : 'Clone the voice'}</button>
    </form>
    <h3>Tasks</h3>
    <${TaskList} group="voice-clone" />
    <h3>Your cloned voices</h3>
    <${FormErrors} error=${removing.error} />
    <ul class="voices">${list.map(
      (v) => html`<li class="voice" key=${v.id}>
      <div><strong>${v.name}</strong> <span class="muted">${v.language ?? ''} · ${v.status ?? ''}</span></div>
      ${v.preview_url ? html`<${Media} url=${v.preview_url} label=${v.name} />` : null}
      <button class="small secondary" onClick=${() =>
        removing.run(async () => {
          await api.delete(`/api/voices/${v.id}/`);
          invalidate(`/api/voices/cloned/?v=${version}`);
          setVersion(version + 1);
        })}>Delete</button>
    </li>`,
    )}</ul>
  </section>`;
}
