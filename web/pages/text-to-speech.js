import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { TaskList } from '../components/task-list.js';
import { VoiceBrowser } from '../components/voice-browser.js';
import { html } from '../lib/html.js';
import { trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';

/** Text to speech: pick a voice in the browser (previews play), type, make an MP3. */
export function TextToSpeech({ api }) {
  const [text, setText] = useState('');
  const [voice, setVoice] = useState(null);
  const { busy, error, run } = useAction();
  const submit = (event) => {
    event.preventDefault();
    run(async () => {
      const task = await api.post('/api/text_to_speech/', { text, ...(voice ? { voice_id: voice.id } : {}) });
      trackTask(api, { path: `/api/text_to_speech/${task.id}/`, group: 'tts', label: `Speech: “${text.slice(0, 40)}”`, task });
    });
  };
  return html`<section class="page two-columns">
    <div>
      <h2>Text to speech</h2>
      <form class="card" onSubmit=${submit} id="tts-form">
        <${Field} label="Text" name="text" error=${error}>
          <textarea name="text" rows="4" value=${text} onInput=${(e) => setText(e.currentTarget.value)} placeholder="What should be said?"></textarea>
        <//>
        <${Field} label="Voice" name="voice_id" error=${error} hint="Choose one in the voice list.">
          <output name="voice_id">${voice ? `${voice.name} (${voice.accent ?? voice.language})` : 'none chosen'}</output>
        <//>
        <${FormErrors} error=${error} shown=${['text', 'voice_id']} />
        <button type="submit" disabled=${busy}>${busy ? 'Sending…' : 'Make speech'}</button>
      </form>
      <h3>Tasks</h3>
      <${TaskList} group="tts" />
    </div>
    <div>
      <h3>Voices</h3>
      <${VoiceBrowser} api=${api} selectedId=${voice?.id} onPick=${setVoice} />
    </div>
  </section>`;
}
