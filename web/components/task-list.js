import { html } from '../lib/html.js';
import { useStore } from '../lib/store.js';
import { tasks } from '../lib/task-store.js';
import { TaskCard } from './task-card.js';

/** The tab's tasks, optionally only one page's; newest first. */
export function TaskList({ group, previewAction, empty = 'No tasks yet.' }) {
  const list = useStore(tasks).filter((entry) => !group || entry.group === group);
  if (!list.length) return html`<p class="muted">${empty}</p>`;
  return html`<div class="task-list">${list.map((entry) => html`<${TaskCard} key=${entry.path} entry=${entry} previewAction=${previewAction} />`)}</div>`;
}
