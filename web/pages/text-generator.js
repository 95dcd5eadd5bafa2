import { useState } from 'preact/hooks';
import { Field, FormErrors } from '../components/field.js';
import { html } from '../lib/html.js';
import { refreshCredits } from '../lib/credits.js';
import { useAction } from '../lib/use-action.js';

// The built-in models; a configured remote provider's models are typed by name.
const MODELS = ['clipwright-ad-copy', 'clipwright-script', 'clipwright-headlines', 'clipwright-summary'];

/** Text generator with streaming: the answer appears as the service writes it (Server-Sent Events). */
export function TextGenerator({ api }) {
  const [model, setModel] = useState(MODELS[0]);
  const [prompt, setPrompt] = useState('');
  const [output, setOutput] = useState('');
  const [task, setTask] = useState(null);
  const { busy, error, run, setError } = useAction();
  const submit = (event) => {
    event.preventDefault();
    setOutput('');
    setTask(null);
    run(async () => {
      let text = '';
      await api.stream('/api/text_generator/stream/', { model_name: model, messages: [{ role: 'user', content: prompt }] }, (name, data) => {
        if (name === 'delta') {
          text += data.text ?? '';
          setOutput(text);
        } else if (name === 'done') setTask(data);
        else if (name === 'error') setError(Object.assign(new Error(data.detail ?? 'The generation failed.'), { code: data.code }));
      });
      refreshCredits(api);
    });
  };
  return html`<section class="page">
    <h2>Text generator</h2>
    <form class="card" onSubmit=${submit}>
      <${Field} label="Model" name="model_name" error=${error}>
        <input name="model_name" list="models" value=${model} onInput=${(e) => setModel(e.currentTarget.value)} />
        <datalist id="models">${MODELS.map((m) => html`<option value=${m} />`)}</datalist>
      <//>
      <${Field} label="Prompt" name="messages" error=${error}>
        <textarea name="prompt" rows="4" value=${prompt} onInput=${(e) => setPrompt(e.currentTarget.value)}></textarea>
      <//>
      <${FormErrors} error=${error} shown=${['model_name', 'messages']} />
      <button type="submit" disabled=${busy}>${busy ? 'Writing…' : 'Generate'}</button>
    </form>
    ${
      output || busy
        ? html`<div class="card"><h3>Answer ${busy ? html`<span class="status status-processing">streaming</span>` : null}</h3><pre class="stream-output">${output}</pre>
      ${task ? html`<p class="muted">Task ${task.id?.slice(0, 8)} · ${task.credits_used} credits</p>` : null}</div>`
        : null
    }
  </section>`;
}
