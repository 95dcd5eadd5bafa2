import type { LinkFacts } from '../../src/domain/links/link-facts.js';
import type { AdVideoRequest } from '../../src/pipelines/video/prepare-ad-plan.js';

/** A URL-to-video request as the kind freezes it: one style, no music, no avatar, captions on or off. */
export function adVideoRequest(p: { facts: LinkFacts; voiceId: string; seed: number; videoLengthSeconds: number; captions?: boolean }): AdVideoRequest {
  return {
    accountId: 'acc',
    echo: {},
    linkId: 'link-1',
    facts: p.facts,
    scriptStyle: 'DiscoveryWriter',
    styles: ['FullScreenTemplate'],
    modelVersion: 'standard',
    overrideScript: null,
    targetAudience: null,
    targetPlatform: null,
    language: 'en',
    videoLengthSeconds: p.videoLengthSeconds,
    aspectRatio: '9:16',
    voiceId: p.voiceId,
    avatarId: null,
    music: { none: true, url: null, volume: null },
    voiceoverVolume: null,
    caption: { none: !p.captions, override: false, setting: null },
    noCta: false,
    seed: p.seed,
  };
}
