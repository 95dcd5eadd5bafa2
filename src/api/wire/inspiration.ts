import type { Task } from '../../core/task.js';
import type { Inspiration } from '../../domain/inspirations/inspiration-catalog.js';
import { inspirationJobKind } from '../../domain/inspirations/inspiration-job-kind.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { inspirationPreviewKey } from '../../pipelines/inspirations/inspiration-previews.js';
import { inputJsonSchema } from './asset-generation.js';
import { envelopeWith } from './task.js';
import { retentionToWire } from './retention.js';
import { field, text, type TaskSummaryFields } from './task-summary.js';

const SCHEMA_URI = 'https://json-schema.org/draft/2020-12/schema';

/** An inspiration as the contract shows it; its preview is made on the first request of its URL. */
export function inspirationToWire(i: Inspiration, blobs: BlobStore) {
  const entries = Object.entries(i.params);
  const preview = blobs.signedUrl(inspirationPreviewKey(i));
  return {
    id: i.id,
    name: i.name,
    description: i.description,
    gen_type: i.genType,
    input_params_schema: {
      schema_uri: SCHEMA_URI,
      type: 'object',
      required: entries.filter(([, v]) => v.required).map(([k]) => k),
      properties: Object.fromEntries(entries.map(([k, v]) => [k, inputJsonSchema(v)])),
    },
    credit_cost: i.creditCost,
    categories: [...i.categories],
    labels: [...i.labels],
    preview_image: i.genType === 'image' ? preview : null,
    preview_video: i.genType === 'video' ? preview : null,
  };
}

/** An inspiration job: the envelope, the inspiration, its parameters as sent, the output. */
export function inspirationJobToWire(t: Task, blobs: BlobStore) {
  const input = inspirationJobKind.shownInputOf(t);
  const result = inspirationJobKind.shownResultOf(t);
  const parameters = input.parameters ?? {};
  return envelopeWith(t, {
    inspiration_id: input.inspirationId ?? null,
    gen_type: input.genType ?? null,
    parameters,
    input_params: parameters,
    output: result.outputKey && result.outputExpired !== true ? blobs.signedUrl(result.outputKey) : null,
    thumbnail: result.thumbnailKey && result.outputExpired !== true ? blobs.signedUrl(result.thumbnailKey) : null,
    width: result.widthPx ?? null,
    height: result.heightPx ?? null,
    ...retentionToWire(result),
  });
}

export const inspirationJobSummary: TaskSummaryFields = {
  group: 'inspiration_jobs',
  name: field('inspiration_id'),
  thumbnail: (b) => text(b.thumbnail) ?? (b.gen_type === 'image' ? text(b.output) : null),
  output: field('output'),
};
