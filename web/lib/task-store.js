import { refreshCredits } from './credits.js';
import { followTask, isFinal } from './follow-task.js';
import { createStore } from './store.js';

const KEY = 'clipwright.tasks';
const MAX_TASKS = 60;

/**
 * The tasks this browser tab started or opened, newest first: {path, group, label, task}. `path`
 * is the task's GET path, `group` the page that made it. Paths are kept in session storage so a
 * reload keeps following them.
 */
export const tasks = createStore([]);
const stops = new Map();
let currentApi = null;

function persist(list) {
  sessionStorage.setItem(KEY, JSON.stringify(list.map(({ path, group, label }) => ({ path, group, label }))));
}

function update(path, task) {
  tasks.set((list) => list.map((entry) => (entry.path === path ? { ...entry, task } : entry)));
}

function follow(path) {
  stops.get(path)?.();
  const stop = followTask(currentApi, path, (task) => {
    const before = tasks.get().find((entry) => entry.path === path)?.task;
    update(path, task);
    // Credits are held at create and settled at done or released on failure.
    if (isFinal(task) && !isFinal(before)) refreshCredits(currentApi);
  });
  stops.set(path, stop);
}

/** Starts showing and following a task. `task` is the create answer, if there is one. */
export function trackTask(api, { path, group, label, task = null }) {
  currentApi = api;
  const rest = tasks.get().filter((entry) => entry.path !== path);
  const list = [{ path, group, label, task }, ...rest].slice(0, MAX_TASKS);
  tasks.set(list);
  persist(list);
  refreshCredits(api);
  follow(path);
}

/** After a follow-up (render, regenerate) the task runs again: follow it anew. */
export function refollowTask(api, path, task) {
  currentApi = api;
  if (task) update(path, task);
  refreshCredits(api);
  follow(path);
}

export function restoreTasks(api) {
  currentApi = api;
  let saved = [];
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
  } catch {
    saved = [];
  }
  tasks.set(saved.map((entry) => ({ ...entry, task: null })));
  for (const entry of saved) follow(entry.path);
}

export function forgetTasks() {
  for (const stop of stops.values()) stop();
  stops.clear();
  tasks.set([]);
  sessionStorage.removeItem(KEY);
}
