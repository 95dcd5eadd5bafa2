import { html } from '../lib/html.js';
import { TaskList } from '../components/task-list.js';

/** Every task this tab started, from every page, with live progress. */
export function Tasks() {
  return html`<section class="page">
    <h2>Tasks</h2>
    <p class="muted">The tasks started in this tab, newest first; running ones update by themselves.</p>
    <${TaskList} empty="Nothing started yet: make something on another page." />
  </section>`;
}
