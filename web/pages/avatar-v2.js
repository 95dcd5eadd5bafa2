import { useState } from 'preact/hooks';
import { Field, FieldError, FormErrors } from '../components/field.js';
import { ASPECTS, AvatarSelect, Choice, VoiceSelect } from '../components/pickers.js';
import { TaskList } from '../components/task-list.js';
import { html } from '../lib/html.js';
import { trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';
import { RenderButtons } from './avatar-v1.js';

const STYLES = [
  'FullAvatar',
  'FullProduct',
  'MagnifyingGlassCircle',
  'ReverseMagnifyingGlassCircle',
  'DramaticFullProduct',
  'UpAndDown',
  'SideBySide',
  'GreenScreenEffect',
  'FullAvatarScreenProductOverlay',
  'TwitterFrame',
  'Dramatic',
  'Vanilla',
  'Vlog',
];
const newScene = () => ({ avatar: '', text: '', voice: '', background: '', style: 'FullAvatar' });

/** One scene as the API's video_inputs entry. */
function sceneInput(scene) {
  return {
    character: { type: 'avatar', ...(scene.avatar ? { avatar_id: scene.avatar } : {}) },
    voice: { type: 'text', input_text: scene.text, ...(scene.voice ? { voice_id: scene.voice } : {}) },
    ...(scene.background ? { background: { type: /\.(mp4|webm|mov)(\?|$)/i.test(scene.background) ? 'video' : 'image', url: scene.background } } : {}),
    visual_style: scene.style,
  };
}

/** AI Avatar v2: a scenes editor (add, reorder, remove), each scene an avatar speaking over its picture. */
export function AvatarV2({ api }) {
  const [scenes, setScenes] = useState([newScene()]);
  const [aspect, setAspect] = useState('9:16');
  const { busy, error, run } = useAction();
  const rendering = useAction();
  const change = (i, patch) => setScenes(scenes.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i, by) => {
    const next = [...scenes];
    const [scene] = next.splice(i, 1);
    next.splice(i + by, 0, scene);
    setScenes(next);
  };
  const submit = (path) => (event) => {
    event?.preventDefault();
    run(async () => {
      const task = await api.post(path, { aspect_ratio: aspect, video_inputs: scenes.map(sceneInput) });
      trackTask(api, {
        path: `/api/lipsyncs_v2/${task.id}/`,
        group: 'avatar-v2',
        label: `Avatar v2: ${scenes.length} scene${scenes.length === 1 ? '' : 's'}`,
        task,
      });
    });
  };
  const at = (i, path) => `video_inputs.${i}.${path}`;
  const shown = scenes
    .flatMap((_, i) => [at(i, 'character.avatar_id'), at(i, 'voice.input_text'), at(i, 'voice.voice_id'), at(i, 'background.url'), at(i, 'visual_style')])
    .concat(['aspect_ratio', 'video_inputs']);
  return html`<section class="page">
    <h2>Avatar video v2</h2>
    <form class="card" onSubmit=${submit('/api/lipsyncs_v2/preview/')}>
      <${Field} label="Aspect" name="aspect_ratio" error=${error}><${Choice} name="aspect_ratio" value=${aspect} options=${ASPECTS} onChange=${setAspect} /><//>
      <${FieldError} error=${error} name="video_inputs" />
      <ol class="scenes">
        ${scenes.map(
          (s, i) => html`<li class="scene card" key=${i}>
          <header><strong>Scene ${i + 1}</strong>
            <span class="actions">
              <button type="button" class="small secondary" disabled=${i === 0} onClick=${() => move(i, -1)}>↑</button>
              <button type="button" class="small secondary" disabled=${i === scenes.length - 1} onClick=${() => move(i, 1)}>↓</button>
              <button type="button" class="small secondary" disabled=${scenes.length === 1} onClick=${() => setScenes(scenes.filter((_, j) => j !== i))}>Remove</button>
            </span>
          </header>
          <div class="grid">
            <${Field} label="Avatar" name=${at(i, 'character.avatar_id')} error=${error}><${AvatarSelect} api=${api} empty="choose an avatar" value=${s.avatar} onChange=${(v) => change(i, { avatar: v })} /><//>
            <${Field} label="Voice" name=${at(i, 'voice.voice_id')} error=${error}><${VoiceSelect} api=${api} value=${s.voice} onChange=${(v) => change(i, { voice: v })} /><//>
            <${Field} label="Layout" name=${at(i, 'visual_style')} error=${error}><${Choice} value=${s.style} options=${STYLES} onChange=${(v) => change(i, { style: v })} /><//>
            <${Field} label="Picture or clip URL" name=${at(i, 'background.url')} error=${error}><input type="url" value=${s.background} onInput=${(e) => change(i, { background: e.currentTarget.value })} /><//>
          </div>
          <${Field} label="Text" name=${at(i, 'voice.input_text')} error=${error}>
            <textarea rows="2" name=${at(i, 'voice.input_text')} value=${s.text} onInput=${(e) => change(i, { text: e.currentTarget.value })}></textarea>
          <//>
        </li>`,
        )}
      </ol>
      <button type="button" class="secondary" onClick=${() => setScenes([...scenes, newScene()])}>Add a scene</button>
      <${FormErrors} error=${error} shown=${shown} />
      <div class="actions">
        <button type="submit" disabled=${busy}>Preview</button>
        <button type="button" class="secondary" disabled=${busy} onClick=${submit('/api/lipsyncs_v2/')}>Render directly</button>
      </div>
    </form>
    <${FormErrors} error=${rendering.error} />
    <h3>Tasks</h3>
    <${TaskList} group="avatar-v2" />
    <${RenderButtons} api=${api} group="avatar-v2" base="/api/lipsyncs_v2/" action=${rendering} />
  </section>`;
}
