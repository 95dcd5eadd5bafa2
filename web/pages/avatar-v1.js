import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { ASPECTS, AvatarSelect, Choice, VoiceSelect } from '../components/pickers.js';
import { TaskList } from '../components/task-list.js';
import { html } from '../lib/html.js';
import { useStore } from '../lib/store.js';
import { refollowTask, tasks, trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';

/** AI Avatar v1: one avatar speaking a text; a preview first, then the full render. */
export function AvatarV1({ api }) {
  const [creator, setCreator] = useState('');
  const [text, setText] = useState('');
  const [voice, setVoice] = useState('');
  const [aspect, setAspect] = useState('9:16');
  const [captions, setCaptions] = useState(true);
  const { busy, error, run } = useAction();
  const rendering = useAction();
  const submit = (path) => (event) => {
    event?.preventDefault();
    run(async () => {
      const body = { aspect_ratio: aspect, text, no_caption: !captions, ...(creator ? { creator } : {}), ...(voice ? { voice_id: voice } : {}) };
      const task = await api.post(path, body);
      trackTask(api, { path: `/api/lipsyncs/${task.id}/`, group: 'avatar-v1', label: `Avatar: “${text.slice(0, 40)}”`, task });
    });
  };
  const shown = ['creator', 'text', 'voice_id', 'aspect_ratio', 'no_caption'];
  return html`<section class="page">
    <h2>Avatar video v1</h2>
    <form class="card" onSubmit=${submit('/api/lipsyncs/preview/')}>
      <div class="grid">
        <${Field} label="Avatar" name="creator" error=${error}><${AvatarSelect} api=${api} name="creator" value=${creator} onChange=${setCreator} /><//>
        <${Field} label="Voice" name="voice_id" error=${error}><${VoiceSelect} api=${api} name="voice_id" value=${voice} onChange=${setVoice} /><//>
        <${Field} label="Aspect" name="aspect_ratio" error=${error}><${Choice} name="aspect_ratio" value=${aspect} options=${ASPECTS} onChange=${setAspect} /><//>
        <${Field} label="Captions" name="no_caption" error=${error}><input type="checkbox" checked=${captions} onChange=${(e) => setCaptions(e.currentTarget.checked)} /><//>
      </div>
      <${Field} label="What the avatar says" name="text" error=${error}>
        <textarea name="text" rows="3" value=${text} onInput=${(e) => setText(e.currentTarget.value)}></textarea>
      <//>
      <${FormErrors} error=${error} shown=${shown} />
      <div class="actions">
        <button type="submit" disabled=${busy}>Preview</button>
        <button type="button" class="secondary" disabled=${busy} onClick=${submit('/api/lipsyncs/')}>Render directly</button>
      </div>
    </form>
    <${FormErrors} error=${rendering.error} />
    <h3>Tasks</h3>
    <${TaskList} group="avatar-v1" />
    <${RenderButtons} api=${api} group="avatar-v1" base="/api/lipsyncs/" action=${rendering} />
  </section>`;
}

/** "Render" for each finished preview of a group whose follow-up is POST {base}{id}/render/. */
export function RenderButtons({ api, group, base, action }) {
  const ready = useStore(tasks).filter((e) => e.group === group && e.task?.status === 'done' && e.task?.preview && !e.task?.output);
  if (!ready.length) return null;
  return html`<div class="card"><h3>Render a preview at full quality</h3>
    ${ready.map(
      (e) =>
        html`<button key=${e.path} class="small" disabled=${action.busy} onClick=${() =>
          action.run(async () => {
            const task = await api.post(`${base}${e.task.id}/render/`);
            refollowTask(api, `${base}${e.task.id}/`, task);
          })}>Render ${e.label}</button>`,
    )}
  </div>`;
}
