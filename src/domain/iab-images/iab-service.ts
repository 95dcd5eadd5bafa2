import { ValidationError } from '../../core/errors.js';
import type { Task } from '../../core/task.js';
import { asFieldError, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { iabKind } from './iab-kind.js';
import { describeMediaType } from '../../core/media-words.js';

export const IAB_KIND = iabKind.kind;
export const IAB_JOB = iabKind.jobs.make;

/** The picture types the contract takes for `image`. */
export const IAB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/webp'];

export class IabImagesService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly media: MediaUrlChecker,
  ) {
    super(tasks, [IAB_KIND], 'IabImage');
  }

  /** `image` is fetched and decoded before anything is held: an unusable one is a 400 on `image`. */
  async create(accountId: string, req: { imageUrl: string; webhookUrl?: string | null }): Promise<Task> {
    const checked = await asFieldError('image', () => this.media.check(req.imageUrl, ['image']));
    if (!IAB_IMAGE_TYPES.includes(checked.contentType)) {
      throw ValidationError.field('image', `Expected a PNG, JPEG or WebP picture but the file is ${describeMediaType(checked.contentType)}`);
    }
    return this.tasks.create(
      iabKind.newTask({
        accountId,
        input: { imageUrl: req.imageUrl },
        job: 'make',
        step: 'make',
        estimate: {},
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }
}
