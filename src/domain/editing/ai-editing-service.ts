import type { VideoStep } from '../credits/prices.js';
import { ValidationError } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { seedFor } from '../../core/random.js';
import { asFieldError, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { plannedVideoFollowUp, plannedVideoStart } from '../videos/planned-video-kind.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { aiEditingKind, aiEditingPrice } from './ai-editing-kind.js';
import { readInstructions } from './edit-instructions.js';
import type { EditingStyle } from './editing-styles.js';
import { describeMediaType } from '../../core/media-words.js';

export const AI_EDITING_KIND = aiEditingKind.kind;
export const AI_EDITING_JOB = aiEditingKind.jobs.make;

/** The longest source an edit takes (README "AI Editing"): ten minutes. */
export const MAX_EDIT_SOURCE_SECONDS = 600;

export interface AiEditingRequest {
  videoUrl: string;
  instructions?: string | null;
  aspectRatio?: '16:9' | '9:16' | '1:1' | null;
  editingStyle?: EditingStyle | null;
  caption?: Record<string, unknown> | null;
  musicUrl?: string | null;
  musicVolume?: number | null;
  voiceVolume?: number | null;
  webhookUrl?: string | null;
  echo: Record<string, unknown>;
}

/** AI Editing: create (direct or preview), a new preview, the render, get and list. */
export class AiEditingService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly media: MediaUrlChecker,
    /** A track of the built-in library is not fetched at create (its URL is the service's own). */
    private readonly isLibraryMusicUrl: (url: string) => boolean = () => false,
  ) {
    super(tasks, [AI_EDITING_KIND], 'AI editing task');
  }

  async create(accountId: string, req: AiEditingRequest, mode: 'direct' | 'preview'): Promise<Task> {
    const read = readInstructions(req.instructions);
    const wantsCaptions = read.operations.captions ?? req.caption?.hidden !== true;
    const video = await asFieldError('video_url', () => this.media.check(req.videoUrl, ['video']));
    if (!video.contentType.startsWith('video/')) {
      throw ValidationError.field('video_url', `Expected a video (mp4, mov) but the file is ${describeMediaType(video.contentType)}.`);
    }
    if (!video.widthPx || !video.heightPx)
      throw ValidationError.field('video_url', 'The file has no picture track that can be decoded; send a video (mp4, mov).');
    const sourceSeconds = video.durationSeconds ?? 0;
    if (!(sourceSeconds > 0)) throw ValidationError.field('video_url', 'The video at this URL has no playable length.');
    if (sourceSeconds > MAX_EDIT_SOURCE_SECONDS) {
      throw ValidationError.field(
        'video_url',
        `The video is ${Math.round(sourceSeconds)} s long; an edit takes at most ${MAX_EDIT_SOURCE_SECONDS} s (10 minutes).`,
      );
    }
    if (wantsCaptions && !video.hasAudio) {
      throw ValidationError.field(
        'video_url',
        'The video has no audio track, so there is no speech to caption. Send a video with sound, or turn captions off (caption_setting.hidden or "no captions").',
      );
    }
    const trimmed = (read.operations.trimStartSeconds ?? 0) + (read.operations.trimEndSeconds ?? 0);
    if (trimmed >= sourceSeconds) {
      throw ValidationError.field(
        'instructions',
        `The instructions cut ${trimmed} s from a ${Math.round(sourceSeconds * 10) / 10} s video: nothing would be left.`,
      );
    }
    if (req.musicUrl && !this.isLibraryMusicUrl(req.musicUrl))
      await asFieldError('background_music_url', () => this.media.check(req.musicUrl!, ['audio', 'video']));
    return this.tasks.create(
      aiEditingKind.newTask({
        accountId,
        input: {
          echo: req.echo,
          videoUrl: req.videoUrl,
          sourceSeconds,
          aspectRatio: req.aspectRatio ?? read.operations.aspectRatio ?? null,
          editingStyle: req.editingStyle ?? null,
          instructions: req.instructions ?? null,
          operations: read.operations,
          understood: read.understood,
          notUnderstood: read.notUnderstood,
          caption: req.caption ?? null,
          musicUrl: req.musicUrl ?? null,
          musicVolume: req.musicVolume ?? null,
          voiceVolume: req.voiceVolume ?? null,
          seed: seedFor(`${accountId}|${req.videoUrl}|${req.instructions ?? ''}`),
        },
        ...plannedVideoStart(aiEditingKind, mode),
        estimate: { sourceSeconds },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /** A new preview of a finished edit (spec: POST /api/ai_editing/{id}/preview/). */
  preview(accountId: string, id: string): Promise<Task> {
    return this.followUp(accountId, id, 'repreview', { previewKey: null });
  }

  /** The full-quality edit (spec: POST /api/ai_editing/{id}/render/). */
  render(accountId: string, id: string): Promise<Task> {
    return this.followUp(accountId, id, 'render', { outputKey: null });
  }

  private async followUp(accountId: string, id: string, step: VideoStep, reset: { previewKey?: null; outputKey?: null }): Promise<Task> {
    const task = await this.get(accountId, id);
    const sourceSeconds = aiEditingKind.shownInputOf(task).sourceSeconds ?? 30;
    return this.tasks.followUp(
      accountId,
      id,
      [AI_EDITING_KIND],
      plannedVideoFollowUp(aiEditingKind, step, aiEditingPrice(step, null, { sourceSeconds }), reset),
    );
  }
}
