import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { LipsyncService } from '../../domain/avatars/lipsync-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { LipsyncRequest } from '../../domain/avatars/lipsync-service.js';
import { listQueryFrom } from '../pagination.js';
import { idParams, listQuery } from '../schemas/common.js';
import { lipsyncBody } from '../schemas/lipsyncs.js';
import { lipsyncToWire } from '../wire/lipsync.js';
import { echoOf } from '../echo.js';

const tags = ['AI Avatar v1'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface LipsyncRouteDeps {
  lipsyncs: LipsyncService;
  blobs: BlobStore;
}

export function lipsyncRoutes(root: FastifyInstance, deps: LipsyncRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof lipsyncToWire>[0]) => lipsyncToWire(t, deps.blobs);

  app.post(
    '/api/lipsyncs/',
    { schema: { tags, summary: 'A talking-avatar video, rendered directly (5 credits per started 30 s)', body: lipsyncBody } },
    async (request, reply) => {
      return reply.status(201).send(wire(await deps.lipsyncs.create(request.accountId, toRequest(request.body), 'direct')));
    },
  );
  app.post(
    '/api/lipsyncs/preview/',
    { schema: { tags, summary: 'Preview a talking-avatar video (1 credit per started 30 s)', body: lipsyncBody } },
    async (request, reply) => {
      return reply.status(201).send(wire(await deps.lipsyncs.create(request.accountId, toRequest(request.body), 'preview')));
    },
  );
  for (const path of ['/api/lipsyncs/:id/preview/', '/api/lipsyncs_v2/:id/preview/']) {
    app.post(
      path,
      { schema: { tags: ['AI Avatar v2'], summary: 'A new preview of a finished lipsync (v1 or v2; 1 credit per started 30 s)', params: idParams } },
      async (request) => {
        return wire(await deps.lipsyncs.preview(request.accountId, request.params.id));
      },
    );
  }
  app.post(
    '/api/lipsyncs/:id/render/',
    { schema: { tags, summary: 'Render at full quality (4 credits per started 30 s)', params: idParams } },
    async (request) => {
      return wire(await deps.lipsyncs.render(request.accountId, request.params.id));
    },
  );
  app.get('/api/lipsyncs/', { schema: { tags, summary: 'List AI Avatar v1 tasks', querystring: listQuery } }, async (request) => {
    return (await deps.lipsyncs.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });
  app.get('/api/lipsyncs/:id/', { schema: { tags, summary: 'Get a lipsync task (v1 or v2)', params: idParams } }, async (request) => {
    return wire(await deps.lipsyncs.get(request.accountId, request.params.id));
  });
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
