import type { Persona, PersonaAspect } from '../../domain/catalog/avatars-personas.js';
import type { BlobStore } from '../../engines/blobs/port.js';

/** The contract's persona object (spec 2.11 / 2.12 fields plus the compatible extras). */
export function personaToWire(p: Persona, blobs: Pick<BlobStore, 'signedUrl'>): Record<string, unknown> {
  const url = (key: string | null | undefined) => (key ? blobs.signedUrl(key) : null);
  const image = (a: PersonaAspect) => url(p.previewImageKeys[a]);
  const video = (a: PersonaAspect) => url(p.previewVideoKeys[a]);
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    thumbnail: url(p.thumbnailKey),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    version: p.version,
    consent_verified: p.consentVerified,
    creator_name: p.name,
    gender: p.gender,
    age_range: p.ageRange,
    location: p.location,
    style: p.style,
    suitable_industries: [...p.suitableIndustries],
    keywords: p.keywords.join(', '),
    labels: [...p.labels],
    video_scene: p.videoScene,
    preview_image_16_9: image('16:9'),
    preview_image_1_1: image('1:1'),
    preview_image_9_16: image('9:16'),
    preview_video_16_9: video('16:9'),
    preview_video_1_1: video('1:1'),
    preview_video_9_16: video('9:16'),
    landscape_preview_video: video('16:9'),
    squared_preview_video: video('1:1'),
    portrait_preview_video: video('9:16'),
    is_active: p.status === 'active',
    process_status: p.status,
    failed_reason: p.failedReason,
    // Service extra: the voice the avatar speaks with when a request names none.
    default_voice_id: p.defaultVoiceId,
    is_builtin: p.kind === 'builtin',
    ...p.extra,
  };
}
