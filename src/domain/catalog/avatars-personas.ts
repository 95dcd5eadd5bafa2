import { NotFound } from '../../core/errors.js';
import { filterAvatars, type AvatarFilter } from './avatars-filter.js';
import { BUILTIN_AVATARS, BUILTIN_AVATARS_CREATED_AT, type BuiltinAvatar, type FilterableAvatar } from './avatars.js';

export type PersonaAspect = '16:9' | '1:1' | '9:16';

/**
 * One avatar as the Avatars endpoints show it, built-in or custom. Media are blob keys; the API
 * signs them into URLs.
 */
export interface Persona extends FilterableAvatar {
  kind: 'builtin' | 'custom';
  version: 'v1' | 'v2';
  status: 'processing' | 'active' | 'failed';
  consentVerified: boolean | null;
  createdAt: string;
  updatedAt: string;
  failedReason: string | null;
  thumbnailKey: string | null;
  previewImageKeys: Partial<Record<PersonaAspect, string>>;
  previewVideoKeys: Partial<Record<PersonaAspect, string>>;
  defaultVoiceId: string | null;
  labels: readonly string[];
  /** Fields only some avatars have (v2: consent_video, lipsync_input_url), passed to the wire as they are. */
  extra?: Record<string, unknown>;
}

/**
 * Where custom avatars (POST /api/personas/, /api/personas_v2/) come from. The Avatars endpoints
 * list and get through this hook; the custom-avatar service implements it and is registered with
 * `PersonaDirectory.useCustomSource`. Results are the account's own avatars only.
 */
export interface CustomAvatarSource {
  /** The account's custom avatars, any status, newest first. */
  list(accountId: string): Promise<Persona[]>;
  /** One of the account's custom avatars (any status), or null (unknown or another account's). */
  get(accountId: string, id: string): Promise<Persona | null>;
}

const aspects: readonly PersonaAspect[] = ['16:9', '1:1', '9:16'];
const slug = (a: PersonaAspect) => a.replace(':', 'x');

/** Blob keys of a built-in avatar's previews (made on first request, see LazyBlobs). */
export function builtinPreviewKey(avatarId: string, media: 'image' | 'video', aspect: PersonaAspect): string {
  return `avatar-previews/${avatarId}/${media}-${slug(aspect)}.${media === 'image' ? 'png' : 'mp4'}`;
}

/** Parses a preview key back; null when it is not one. */
export function parseBuiltinPreviewKey(key: string): { avatarId: string; media: 'image' | 'video'; aspect: PersonaAspect } | null {
  const m = /^avatar-previews\/([0-9a-f-]{36})\/(image|video)-(16x9|1x1|9x16)\.(png|mp4)$/.exec(key);
  if (!m || (m[2] === 'image') !== (m[4] === 'png')) return null;
  return { avatarId: m[1]!, media: m[2] as 'image' | 'video', aspect: m[3]!.replace('x', ':') as PersonaAspect };
}

export function builtinPersona(a: BuiltinAvatar, defaultVoiceId: string | null): Persona {
  const images = Object.fromEntries(aspects.map((x) => [x, builtinPreviewKey(a.id, 'image', x)]));
  const videos = Object.fromEntries(aspects.map((x) => [x, builtinPreviewKey(a.id, 'video', x)]));
  return {
    kind: 'builtin',
    id: a.id,
    name: a.name,
    gender: a.gender,
    ageRange: a.ageRange,
    location: a.location,
    style: a.style,
    suitableIndustries: a.suitableIndustries,
    keywords: [a.manner, ...a.keywords],
    videoScene: a.videoScene,
    // Built-ins are drawn characters with the full mouth set: usable wherever a v2 avatar is.
    version: 'v2',
    status: 'active',
    // No real person is shown, so there is nobody whose consent is needed.
    consentVerified: true,
    createdAt: BUILTIN_AVATARS_CREATED_AT,
    updatedAt: BUILTIN_AVATARS_CREATED_AT,
    failedReason: null,
    thumbnailKey: builtinPreviewKey(a.id, 'image', '1:1'),
    previewImageKeys: images,
    previewVideoKeys: videos,
    defaultVoiceId,
    labels: [],
  };
}

/** The Avatars endpoints' view: built-ins first from the catalog, custom avatars through the hook. */
export class PersonaDirectory {
  private readonly builtins: Persona[];
  private custom: CustomAvatarSource | null = null;

  constructor(voiceFor: (a: BuiltinAvatar) => string | null, builtins: readonly BuiltinAvatar[] = BUILTIN_AVATARS) {
    this.builtins = builtins.map((a) => builtinPersona(a, voiceFor(a)));
  }

  /** The custom-avatar service registers here; until then only built-ins exist. */
  useCustomSource(source: CustomAvatarSource): void {
    this.custom = source;
  }

  /**
   * Listings: the caller's active custom avatars (newest first), then the built-ins. `version`
   * 'v2' keeps v2 avatars only (the personas_v2 listings).
   */
  async list(accountId: string, filter: AvatarFilter, opts: { version?: 'v2' } = {}): Promise<Persona[]> {
    const own = this.custom ? (await this.custom.list(accountId)).filter((p) => p.status === 'active') : [];
    const all = [...own, ...this.builtins].filter((p) => !opts.version || p.version === opts.version);
    return filterAvatars(all, filter);
  }

  /** One avatar: a built-in, or the caller's custom avatar in any status (to follow its creation). */
  async get(accountId: string, id: string): Promise<Persona> {
    const key = id.trim().toLowerCase();
    const builtin = this.builtins.find((p) => p.id === key);
    if (builtin) return builtin;
    const own = this.custom ? await this.custom.get(accountId, key) : null;
    if (own) return own;
    throw new NotFound('Persona');
  }
}
