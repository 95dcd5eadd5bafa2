import type { ProductFacts } from '../product-facts.js';
import { slotsOf } from '../fill-template.js';
import type { ScriptSentence, SentenceSubject } from './ad-script-types.js';
import type { RealizedBeat } from './realize-beats.js';
import type { ScriptContext } from './script-context.js';

/** What a sentence talks about, read from the selling point or the slots its template filled. */
export function subjectOf(beat: RealizedBeat, ctx: ScriptContext): SentenceSubject {
  if (beat.pointIndex !== null) {
    const fi = ctx.points[beat.pointIndex]!.featureIndex;
    return fi !== null ? { fact: 'feature', featureIndex: fi } : { fact: 'generic' };
  }
  const slots = new Set(slotsOf(beat.template));
  // The main benefit said by its own slot is the feature it came from.
  if ((slots.has('benefit') || slots.has('Benefit')) && ctx.benefitPoint !== null) {
    const fi = ctx.points[ctx.benefitPoint]!.featureIndex;
    if (fi !== null) return { fact: 'feature', featureIndex: fi };
  }
  if (slots.has('price')) return { fact: 'price' };
  if (slots.has('quote')) return { fact: 'review' };
  if (slots.has('rating') || slots.has('count')) return { fact: 'rating' };
  if (slots.has('points')) return { fact: 'feature', featureIndex: 0 };
  if (slots.has('brand')) return { fact: 'brand' };
  if (slots.has('audience')) return { fact: 'audience' };
  if (slots.has('product') || beat.section === 'hook' || beat.section === 'cta') return { fact: 'product' };
  return { fact: 'generic' };
}

/**
 * Pictures for sentences: the opening over the first video (or the main image), a feature over
 * "its" image (features and images paired in order, the main image kept for the product), the
 * rest taking the images in turn so consecutive scenes change picture.
 */
export function assignMedia(beats: RealizedBeat[], subjects: SentenceSubject[], facts: ProductFacts): ScriptSentence['media'][] {
  const images = facts.imageUrls ?? [];
  const videos = facts.videoUrls ?? [];
  let turn = 0;
  return beats.map((beat, i) => {
    const subject = subjects[i]!;
    if (i === 0 && videos.length) return { kind: 'video', index: 0, url: videos[0]! };
    if (!images.length) return videos.length ? { kind: 'video', index: i % videos.length, url: videos[i % videos.length]! } : null;
    let index: number;
    if (subject.fact === 'feature' && subject.featureIndex !== undefined) index = (subject.featureIndex + 1) % images.length;
    else if (subject.fact === 'product' || subject.fact === 'price' || beat.section === 'cta') index = 0;
    else index = images.length === 1 ? 0 : 1 + (turn++ % (images.length - 1));
    return { kind: 'image', index, url: images[index]! };
  });
}
