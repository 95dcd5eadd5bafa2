import type { StageMarks } from './stages.js';

/**
 * What a job hands the pipeline step it runs: a scratch folder of the step's own, the signal that
 * cancels it, where its progress goes (0..1 of this step; the job maps it onto the task's) and
 * where it marks its stages (`inStage(run, 'encode', …)`; absent outside a job).
 */
export interface StepRun {
  workDir: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
  stages?: StageMarks;
}
