import { ValidationError } from '../../core/errors.js';
import type { ListQuery } from '../../core/store.js';
import type { Task } from '../../core/task.js';
import { asFieldError, type MediaUrlChecker } from '../media-check.js';
import type { TaskService } from '../tasks/task-service.js';
import { iabKind } from './iab-kind.js';
import { describeMediaType } from '../../core/media-words.js';

export const IAB_KIND = iabKind.kind;
export const IAB_JOB = iabKind.jobs.make;

/** The picture types the contract takes for `image`. */
export const IAB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/webp'];

export class IabImagesService {
  constructor(
    private readonly tasks: TaskService,
    private readonly media: MediaUrlChecker,
  ) {}

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

  get(accountId: string, id: string): Promise<Task> {
    return this.tasks.get(accountId, id, [IAB_KIND], 'IabImage');
  }

  list(accountId: string, q: ListQuery): Promise<Task[]> {
    return this.tasks.list(accountId, [IAB_KIND], q);
  }
}
