import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Task } from '../../core/task.js';
import type { LipsyncService } from '../../domain/avatars/lipsync-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { LipsyncRequest } from '../../domain/avatars/lipsync-service.js';
import { lipsyncBody } from '../schemas/lipsyncs.js';
import { lipsyncToWire } from '../wire/lipsync.js';
import { echoOf } from '../echo.js';
import { TaskRoutes } from './task-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface LipsyncRouteDeps {
  lipsyncs: LipsyncService;
  blobs: BlobStore;
}

export function lipsyncRoutes(root: FastifyInstance, deps: LipsyncRouteDeps): void {
  const wire = (t: Task) => lipsyncToWire(t, deps.blobs);
  const routes = new TaskRoutes(root, ['AI Avatar v1'], wire);
  routes.createInModes(lipsyncBody, (accountId, b, mode) => deps.lipsyncs.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/lipsyncs/', summary: 'A talking-avatar video, rendered directly (5 credits per started 30 s)' },
    preview: { path: '/api/lipsyncs/preview/', summary: 'Preview a talking-avatar video (1 credit per started 30 s)' },
  });
  // One follow-up for both versions, documented under v2.
  const v2 = new TaskRoutes(root, ['AI Avatar v2'], wire);
  for (const path of ['/api/lipsyncs/:id/preview/', '/api/lipsyncs_v2/:id/preview/']) {
    v2.onItem(path, 'A new preview of a finished lipsync (v1 or v2; 1 credit per started 30 s)', (accountId, id) => deps.lipsyncs.preview(accountId, id));
  }
  routes.onItem('/api/lipsyncs/:id/render/', 'Render at full quality (4 credits per started 30 s)', (accountId, id) => deps.lipsyncs.render(accountId, id));
  routes.reads('/api/lipsyncs/', deps.lipsyncs, { list: 'List AI Avatar v1 tasks', get: 'Get a lipsync task (v1 or v2)' });
}

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
