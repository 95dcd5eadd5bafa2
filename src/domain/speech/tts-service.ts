import { ValidationError } from '../../core/errors.js';
import type { ListQuery } from '../../core/store.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import type { Task } from '../../core/task.js';
import { unspeakableTextProblem } from './speakable-text.js';
import type { VoiceDirectory } from './voice-directory.js';
import { ttsKind } from './tts-kind.js';

export const TTS_KIND = ttsKind.kind;
export const TTS_JOB = ttsKind.jobs.synthesize;
export const MAX_TTS_CHARS = 8000;

/**
 * The hold is an upper bound of the audio's length: 8 characters a second is slower than any
 * voice here speaks; the settled charge is the real duration.
 */
export function estimateSpeechSeconds(text: string): number {
  return Math.ceil(text.length / 8) + 2;
}

export class TextToSpeechService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly voices: VoiceDirectory,
  ) {
    super(tasks, [TTS_KIND], 'TextToSpeech');
  }

  async create(accountId: string, req: { text: string; voiceId: string; webhookUrl?: string | null; textField: string; voiceField: string }): Promise<Task> {
    const text = req.text.trim();
    if (!text) throw ValidationError.field(req.textField, 'This field may not be blank.');
    if (text.length > MAX_TTS_CHARS) throw ValidationError.field(req.textField, `Ensure this field has no more than ${MAX_TTS_CHARS} characters.`);
    const unspeakable = unspeakableTextProblem(text);
    if (unspeakable) throw ValidationError.field(req.textField, unspeakable);
    const voice = await this.voices.resolve(accountId, req.voiceId);
    if (!voice) throw ValidationError.field(req.voiceField, `Unknown voice id "${req.voiceId}". List voices with GET /api/voices/.`);
    return this.tasks.create(
      ttsKind.newTask({
        accountId,
        input: { text, voiceId: voice.id },
        job: 'synthesize',
        step: 'synthesize',
        estimate: { durationSeconds: estimateSpeechSeconds(text) },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  count(accountId: string, q: ListQuery): Promise<number> {
    return this.tasks.count(accountId, [TTS_KIND], q);
  }
}
