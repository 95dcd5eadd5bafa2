import type { Task } from '../../core/task.js';
import { iabKind } from '../../domain/iab-images/iab-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { envelopeWith } from './task.js';
import { at, none, type TaskSummaryFields } from './task-summary.js';

/** The contract's IAB task: envelope, `image`, and `output` as `[{name, size, url, type}]` once done (null before). */
export function iabToWire(t: Task, blobs: BlobStore) {
  const input = iabKind.shownInputOf(t);
  const result = iabKind.shownResultOf(t);
  const output =
    t.status === 'done' && result.banners ? result.banners.map((b) => ({ name: b.name, size: b.size, url: blobs.signedUrl(b.key), type: b.type })) : null;
  return envelopeWith(t, {
    image: input.imageUrl ?? null,
    output,
  });
}

export const iabSummary: TaskSummaryFields = {
  group: 'iab_images',
  name: none,
  thumbnail: at('output', 0, 'url'),
  output: at('output', 0, 'url'),
};
