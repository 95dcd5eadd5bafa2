import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { MediaInput, bodyWithMedia } from '../components/media-input.js';
import { TaskList } from '../components/task-list.js';
import { html } from '../lib/html.js';
import { trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';

/** Aurora: a photo of a person and an audio track make a talking video. */
export function Aurora({ api }) {
  const [image, setImage] = useState(null);
  const [audio, setAudio] = useState(null);
  const [name, setName] = useState('');
  const [prompt, setPrompt] = useState('');
  const { busy, error, run } = useAction();
  const submit = (event) => {
    event.preventDefault();
    run(async () => {
      const task = await api.post('/api/aurora/', bodyWithMedia({ image, audio, name, text_prompt: prompt }));
      trackTask(api, { path: `/api/aurora/${task.id}/`, group: 'aurora', label: `Aurora${name ? `: ${name}` : ''}`, task });
    });
  };
  return html`<section class="page">
    <h2>Aurora</h2>
    <form class="card" onSubmit=${submit}>
      <div class="grid">
        <${Field} label="Photo of a person" name="image" error=${error}><${MediaInput} name="image" accept="image/*" value=${image} onChange=${setImage} /><//>
        <${Field} label="Audio (speech)" name="audio" error=${error}><${MediaInput} name="audio" accept="audio/*" value=${audio} onChange=${setAudio} /><//>
        <${Field} label="Name" name="name" error=${error}><input value=${name} onInput=${(e) => setName(e.currentTarget.value)} /><//>
        <${Field} label="Prompt (optional)" name="text_prompt" error=${error}><input value=${prompt} onInput=${(e) => setPrompt(e.currentTarget.value)} /><//>
      </div>
      <${FormErrors} error=${error} shown=${['image', 'audio', 'name', 'text_prompt']} />
      <button type="submit" disabled=${busy}>${busy ? 'Uploading…' : 'Make the video'}</button>
    </form>
    <h3>Tasks</h3>
    <${TaskList} group="aurora" />
  </section>`;
}
