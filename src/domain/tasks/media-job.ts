import { uuidV5 } from '../../core/ids.js';
import type { Task } from '../../core/task.js';

/** The namespace of media job ids (URL to Video's previews have carried such ids from the start). */
const MEDIA_JOB_NAMESPACE = '6f1c2a3e-58d4-4f7b-9a53-0c1e9d5b7a21';

/**
 * The id of one render of a task, the contract's `media_job`: a name-based UUID of the task and of
 * what was drawn (`output`, or a preview's `<index>:<style>`). Derived, not stored, so it is the
 * same on every read and in every process, and tasks finished before it was shown have one too.
 */
export function mediaJobId(taskId: string, rendered: string): string {
  return uuidV5(`${taskId}:${rendered}`, MEDIA_JOB_NAMESPACE);
}

/**
 * A task's top-level `media_job`: the render that produced its output, or null while no render
 * has (pending, processing a first time, failed, or only previews so far). An output deleted at
 * the end of its retention was still produced, so it keeps its id.
 */
export function outputMediaJob(t: Pick<Task, 'id' | 'result'>, outputKey: unknown): string | null {
  return typeof outputKey === 'string' || t.result.outputExpired === true ? mediaJobId(t.id, 'output') : null;
}
