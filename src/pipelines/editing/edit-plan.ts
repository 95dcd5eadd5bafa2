import type { WordTiming } from '../../core/timing.js';
import type { CaptionSettingInput } from '../../media/captions/caption-setting.js';
import type { EditCut } from '../../media/edit-compile.js';
import type { Size } from './reframe.js';

/**
 * What an AI edit decided, saved with the task so a preview or a render redraws it without
 * analysing the source again. Times of `captions.words` are on the edit's time line.
 */
export interface EditPlan {
  version: 1;
  /** Plan files (names below the plan folder). */
  files: { source: string; music: string | null };
  source: Size & { durationSeconds: number; hasAudio: boolean };
  /** Full-quality output frame (a preview is its 360p-class reduction). */
  frame: Size;
  cuts: EditCut[];
  captions: { words: WordTiming[]; setting: CaptionSettingInput } | null;
  music: { volume: number } | null;
  voiceVolume: number;
  sourceSeconds: number;
  editedSeconds: number;
  captioned: boolean;
  /** What the transcriber heard in the source (empty when nothing). */
  transcript: string;
  transcriber: string | null;
  /** Shot changes of the source, seconds. */
  shotChanges: number[];
  /** Share of sampled frames with a face (0..1); null when the frame was not reframed. */
  faceSeenShare: number | null;
  /** What the edit did and did not do, in words for the task. */
  notes: string[];
}

export function editPlanFiles(plan: EditPlan): string[] {
  return [plan.files.source, ...(plan.files.music ? [plan.files.music] : [])];
}

/** A saved plan this version can draw (anything else is planned again). */
export function isEditPlan(value: unknown): value is EditPlan {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Partial<EditPlan>;
  return (
    p.version === 1 &&
    Array.isArray(p.cuts) &&
    p.cuts.length > 0 &&
    typeof p.files?.source === 'string' &&
    typeof p.frame?.width === 'number' &&
    typeof p.source?.width === 'number'
  );
}
