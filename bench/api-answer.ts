/**
 * The fields of an API answer the HTTP benches read: a task's id, status, progress, failure and
 * length (an edit's notes), or a link's id. Declared, not checked: the benches time the service, its tests check it.
 */
export interface BenchAnswer {
  id: string;
  status?: 'pending' | 'processing' | 'done' | 'failed';
  progress?: number;
  failed_reason?: string | null;
  duration?: number | null;
  edit_notes?: string[];
  /** The latest job run's stages (`bench/stage-table.ts`). */
  stages?: { name: string; started_ms: number; count: number; wall_ms: number; cpu_ms: number; child_cpu_ms: number | null }[] | null;
}
