import { mergeOperations } from '../../api/schemas/responses/operations.js';
import type { TaskWireRegistry } from '../../api/wire/task-wire-registry.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { jobNamesOf } from '../../jobs/job-catalog.js';
import { adClone } from './ad-clone.js';
import { aiEditing } from './ai-editing.js';
import { aiScripts } from './ai-scripts.js';
import { aiShorts } from './ai-shorts.js';
import { assetGeneration } from './asset-generation.js';
import { aurora } from './aurora.js';
import { customTemplates } from './custom-templates.js';
import { type Group, taskWireOf } from './group.js';
import { iabImages } from './iab-images.js';
import { inspirations } from './inspirations.js';
import { linkToVideos } from './link-to-videos.js';
import { links } from './links.js';
import { lipsyncs } from './lipsyncs.js';
import { music } from './music.js';
import { personas } from './personas.js';
import { productVideos } from './product-videos.js';
import { tasks } from './tasks.js';
import { textGenerator } from './text-generator.js';
import { textToSpeech } from './text-to-speech.js';
import { voices } from './voices.js';
import { workspace } from './workspace.js';

/**
 * Every group of the API, each registered once: the routes, the OpenAPI operations, the wire
 * registry, the job catalog and the container's services all come from this list. Its order is
 * the order routes register in, and so the OpenAPI document's.
 */
export const groups = [
  workspace,
  links,
  textToSpeech,
  voices,
  music,
  linkToVideos,
  lipsyncs,
  personas,
  aurora,
  iabImages,
  productVideos,
  assetGeneration,
  inspirations,
  adClone,
  customTemplates,
  aiShorts,
  aiEditing,
  aiScripts,
  textGenerator,
  tasks,
] as const;

/** Every operation's success body, across the groups (tests parse real responses with it). */
export const operations = mergeOperations(groups.map((g) => g.operations));

/** Every kind's GET mapper, signing file URLs with `blobs`. */
export function taskWire(blobs: BlobStore): TaskWireRegistry {
  return taskWireOf(groups, blobs);
}

/** Every job name the groups' kinds enqueue; the catalog must cover them at start-up. */
export const kindJobNames = jobNamesOf(groups.flatMap((g) => g.kinds.map((k) => k.kind)));

type ServicesOf<G> = G extends Group<infer S> ? S : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The groups' services by name (`Container.services`), typed from the list. */
export type GroupServices = Intersection<ServicesOf<(typeof groups)[number]>>;
