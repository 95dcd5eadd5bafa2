import { useState } from 'preact/hooks';
import { SchemaForm } from '../components/schema-form.js';
import { FormErrors } from '../components/field.js';
import { Media, mediaKind } from '../components/media.js';
import { TaskList } from '../components/task-list.js';
import { html } from '../lib/html.js';
import { bodyFields, slug, taskPathFor } from '../lib/openapi.js';
import { refollowTask, trackTask } from '../lib/task-store.js';
import { useAction } from '../lib/use-action.js';

const fillPath = (path, id) => path.replace(/\{[a-z_]+\}/, encodeURIComponent(id));

/** Runs one operation from its OpenAPI description; a created task joins the task list. */
function OperationForm({ api, doc, tag, op, group }) {
  const { busy, error, run } = useAction();
  const [answer, setAnswer] = useState(null);
  const [taskId, setTaskId] = useState('');
  const needsId = op.path.includes('{');
  const fields = bodyFields(op.operation);
  const send = (body) =>
    run(async () => {
      if (needsId && !taskId.trim()) throw Object.assign(new Error('Enter the id of the task.'), { fields: { id: ['Enter the id of the task.'] } });
      const path = needsId ? fillPath(op.path, taskId.trim()) : op.path;
      const method = op.method.toLowerCase();
      const result = method === 'get' ? await api.get(path) : method === 'delete' ? await api.delete(path) : await api[method](path, body);
      setAnswer(result);
      const toTask = taskPathFor(doc, op.path);
      if (result?.id && toTask && method === 'post') {
        const taskPath = toTask(result.id);
        if (needsId) refollowTask(api, taskPath, result);
        else trackTask(api, { path: taskPath, group, label: `${tag}: ${op.path.replace('/api/', '')}`, task: result });
      }
    });
  return html`<section class="card operation" data-operation=${`${op.method} ${op.path}`}>
    <h3><code>${op.method} ${op.path}</code></h3>
    <p class="muted">${op.summary}</p>
    ${needsId ? html`<label class="field"><span class="label">id *</span><input name="id" value=${taskId} onInput=${(e) => setTaskId(e.currentTarget.value)} /></label>` : null}
    ${
      op.method === 'GET' || op.method === 'DELETE'
        ? html`<${FormErrors} error=${error} /><button onClick=${() => send()} disabled=${busy}>${busy ? 'Loading…' : op.method === 'GET' ? 'Load' : 'Delete'}</button>`
        : html`<${SchemaForm} fields=${fields} onSubmit=${send} error=${error} busy=${busy} submitLabel=${op.method === 'POST' ? 'Create' : 'Save'} />`
    }
    ${answer ? html`<${Answer} value=${answer} />` : null}
  </section>`;
}

/** An answer that is not a task to follow: lists of items with their media, or the JSON. */
function Answer({ value }) {
  const items = Array.isArray(value) ? value : Array.isArray(value?.results) ? value.results : null;
  const media = (items ?? []).flatMap((item) =>
    Object.values(item ?? {})
      .filter((v) => mediaKind(v))
      .slice(0, 1)
      .map((url) => ({ url, label: item.name ?? item.title ?? item.id })),
  );
  return html`<div class="answer">
    ${media.length ? html`<div class="results">${media.slice(0, 24).map((m) => html`<${Media} key=${m.url} url=${m.url} label=${m.label} />`)}</div>` : null}
    <details open=${!media.length}><summary>Answer</summary><pre>${JSON.stringify(value, null, 2)}</pre></details>
  </div>`;
}

/** A page for one API group, built from the service's OpenAPI document: every operation of the tag. */
export function GenericGroup({ api, doc, tag, operations }) {
  const group = `api-${slug(tag)}`;
  const creates = operations.filter((o) => o.method !== 'GET' && !o.path.includes('{'));
  const followUps = operations.filter((o) => o.method !== 'GET' && o.path.includes('{'));
  const reads = operations.filter((o) => o.method === 'GET');
  const [chosen, setChosen] = useState(0);
  const ops = [...creates, ...followUps, ...reads];
  const op = ops[Math.min(chosen, ops.length - 1)];
  return html`<section class="page generic">
    <h2>${tag}</h2>
    <p class="muted">Every operation of this group, from the service's OpenAPI document.</p>
    <div class="tabs" role="tablist">
      ${ops.map((o, i) => html`<button role="tab" class=${i === chosen ? 'tab active' : 'tab'} onClick=${() => setChosen(i)}>${o.method} ${o.path.replace('/api/', '')}</button>`)}
    </div>
    ${op ? html`<${OperationForm} key=${op.method + op.path} api=${api} doc=${doc} tag=${tag} op=${op} group=${group} />` : null}
    <h3>Tasks</h3>
    <${TaskList} group=${group} />
  </section>`;
}
