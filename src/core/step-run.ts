/**
 * What a job hands the pipeline step it runs: a scratch folder of the step's own, the signal that
 * cancels it, and where its progress goes (0..1 of this step; the job maps it onto the task's).
 */
export interface StepRun {
  workDir: string;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}
