import type { z } from 'zod';
import type { LipsyncV2Service } from '../../domain/avatars/lipsync-v2-service.js';
import type { LipsyncService } from '../../domain/avatars/lipsync-service.js';
import { LIPSYNC_V2_KIND } from '../../domain/avatars/lipsync-service.js';
import type { LipsyncV2Request, LipsyncV2SceneRequest } from '../../domain/avatars/lipsync-v2-service.js';
import { lipsyncV2Body } from '../schemas/lipsyncs-v2.js';
import { lipsyncV2ToWire } from '../wire/lipsync-v2.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

/** What these routes use besides the file store (built by its group, app/groups/): v2's renders are v1's service's. */
export interface LipsyncV2RouteDeps {
  lipsyncsV2: LipsyncV2Service;
  lipsyncs: LipsyncService;
}

/** AI Avatar v2 (multi-scene). Its preview follow-up shares `POST /api/lipsyncs/{id}/preview/` (lipsyncs.ts). */
export const lipsyncV2Routes = taskGroupRoutes(['AI Avatar v2'], lipsyncV2ToWire, (routes, { lipsyncsV2, lipsyncs }: LipsyncV2RouteDeps) => {
  routes.createInModes(lipsyncV2Body, (accountId, b, mode) => lipsyncsV2.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/lipsyncs_v2/', summary: 'A multi-scene avatar video, rendered directly (5 credits per started 30 s)' },
    preview: { path: '/api/lipsyncs_v2/preview/', summary: 'Preview a multi-scene avatar video (1 credit per started 30 s)' },
  });
  routes.onItem('/api/lipsyncs_v2/:id/render/', 'Render at full quality (4 credits per started 30 s)', (accountId, id) =>
    lipsyncs.render(accountId, id, [LIPSYNC_V2_KIND]),
  );
  routes.reads('/api/lipsyncs_v2/', lipsyncsV2, { list: 'List AI Avatar v2 tasks', get: 'Get an AI Avatar v2 task' });
});

type Body = z.infer<typeof lipsyncV2Body>;

function toRequest(b: Body): LipsyncV2Request {
  return {
    scenes: b.video_inputs.map(toScene),
    aspectRatio: b.aspect_ratio,
    name: b.name,
    music: b.background_music ? { url: b.background_music.url, volume: b.background_music.volume } : null,
    ctaEnd: b.cta_end ?? false,
    ctaBackground: b.cta_background,
    ctaDurationSeconds: b.cta_duration,
    webhookUrl: b.webhook_url,
    modelVersion: b.model_version ?? null,
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(lipsyncV2Body, b),
  };
}

function toScene(s: Body['video_inputs'][number]): LipsyncV2SceneRequest {
  const ch = s.character;
  const v = s.voice;
  return {
    character: ch ? { avatarId: ch.avatar_id, offset: offset(ch.offset), scale: ch.scale, avatarStyle: ch.avatar_style, hidden: ch.hidden } : null,
    voice: v ? { type: v.type, inputText: v.input_text, voiceId: v.voice_id, durationSeconds: v.duration, volume: v.volume, model: v.model } : null,
    background: s.background ? { type: s.background.type, url: s.background.url, fit: s.background.fit, effect: s.background.effect } : null,
    captionSetting: s.caption_setting ? { ...s.caption_setting } : null,
    transitionIn: s.transition_effect?.transition_in,
    transitionOut: s.transition_effect?.transition_out,
    visualStyle: s.visual_style,
    cta: s.cta
      ? {
          logo: s.cta.cta_logo ? { url: s.cta.cta_logo.url, offset: offset(s.cta.cta_logo.offset), scale: s.cta.cta_logo.scale } : null,
          caption: s.cta.cta_caption
            ? { text: s.cta.cta_caption.caption, captionSetting: s.cta.cta_caption.caption_setting ? { ...s.cta.cta_caption.caption_setting } : null }
            : null,
        }
      : null,
  };
}

function offset(o: { x?: number | null; y?: number | null } | null | undefined) {
  return o ? { x: o.x ?? undefined, y: o.y ?? undefined } : null;
}
