import type { z } from 'zod';
import type { LipsyncRequest, LipsyncService } from '../../domain/avatars/lipsync-service.js';
import { lipsyncBody } from '../schemas/lipsyncs.js';
import { lipsyncToWire } from '../wire/lipsync.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

export const lipsyncRoutes = taskGroupRoutes(['AI Avatar v1'], lipsyncToWire, (routes, { lipsyncs }: { lipsyncs: LipsyncService }) => {
  routes.createInModes(lipsyncBody, (accountId, b, mode) => lipsyncs.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/lipsyncs/', summary: 'A talking-avatar video, rendered directly (5 credits per started 30 s)' },
    preview: { path: '/api/lipsyncs/preview/', summary: 'Preview a talking-avatar video (1 credit per started 30 s)' },
  });
  // One follow-up for both versions, documented under v2.
  const v2 = routes.tagged(['AI Avatar v2']);
  for (const path of ['/api/lipsyncs/:id/preview/', '/api/lipsyncs_v2/:id/preview/']) {
    v2.onItem(path, 'A new preview of a finished lipsync (v1 or v2; 1 credit per started 30 s)', (accountId, id) => lipsyncs.preview(accountId, id));
  }
  routes.onItem('/api/lipsyncs/:id/render/', 'Render at full quality (4 credits per started 30 s)', (accountId, id) => lipsyncs.render(accountId, id));
  routes.reads('/api/lipsyncs/', lipsyncs, { list: 'List AI Avatar v1 tasks', get: 'Get a lipsync task (v1 or v2)' });
});

function toRequest(b: z.infer<typeof lipsyncBody>): LipsyncRequest {
  const flat =
    b.caption_style != null || b.caption_offset_x != null || b.caption_offset_y != null
      ? { caption_style: b.caption_style, caption_offset_x: b.caption_offset_x, caption_offset_y: b.caption_offset_y }
      : null;
  return {
    aspectRatio: b.aspect_ratio,
    text: b.text,
    audio: b.audio,
    avatarId: b.creator,
    voiceId: b.accent ?? b.voice_id,
    voiceField: b.accent != null ? 'accent' : 'voice_id',
    name: b.name,
    greenScreen: b.green_screen ?? false,
    transparentBackground: b.transparent_background ?? false,
    noCaption: b.no_caption ?? true,
    noMusic: b.no_music ?? true,
    caption: flat,
    backgroundImageUrl: b.background_asset_image_url,
    modelVersion: b.model_version ?? null,
    webhookUrl: b.webhook_url,
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(lipsyncBody, b),
  };
}
