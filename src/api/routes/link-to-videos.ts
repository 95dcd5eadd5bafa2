import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { LinkVideoService } from '../../domain/videos/link-video-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { LinkVideoRequest } from '../../domain/videos/link-video-service.js';
import { listQueryFrom } from '../pagination.js';
import { idParams, listQuery } from '../schemas/common.js';
import { linkVideoBody, previewListBody, renderSinglePreviewAliasBody, renderSinglePreviewBody } from '../schemas/link-to-videos.js';
import { linkVideoToWire } from '../wire/link-to-video.js';
import { echoOf } from '../echo.js';

const tags = ['URL to Video'];

/** What these routes use, and nothing more (built in routes/index.ts). */
export interface LinkToVideoRouteDeps {
  linkVideos: LinkVideoService;
  blobs: BlobStore;
}

export function linkToVideoRoutes(root: FastifyInstance, deps: LinkToVideoRouteDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const wire = (t: Parameters<typeof linkVideoToWire>[0]) => linkVideoToWire(t, deps.blobs);

  app.post(
    '/api/link_to_videos/',
    { schema: { tags, summary: 'Make a video ad from a link, rendered directly (5 credits per started 30 s)', body: linkVideoBody } },
    async (request, reply) => {
      const task = await deps.linkVideos.create(request.accountId, toRequest(request.body), 'direct');
      return reply.status(201).send(wire(task));
    },
  );

  app.post(
    '/api/link_to_videos/preview/',
    { schema: { tags, summary: 'Preview a video ad (1 credit per started 30 s)', body: linkVideoBody } },
    async (request, reply) => {
      const task = await deps.linkVideos.create(request.accountId, toRequest(request.body), 'preview');
      return reply.status(201).send(wire(task));
    },
  );

  app.post(
    '/api/link_to_videos/preview_list_async/',
    { schema: { tags, summary: 'One preview per visual style (1 credit per started 30 s each)', body: previewListBody } },
    async (request, reply) => {
      const task = await deps.linkVideos.create(request.accountId, { ...toRequest(request.body), visualStyles: request.body.visual_styles }, 'preview_list');
      return reply.status(201).send(wire(task));
    },
  );

  app.post(
    '/api/link_to_videos/render_single_preview/',
    { schema: { tags, summary: 'Render one preview at full quality (4 credits per started 30 s)', body: renderSinglePreviewBody } },
    async (request) => {
      return wire(await deps.linkVideos.render(request.accountId, request.body.id, request.body.media_job ?? null));
    },
  );

  app.post(
    '/api/link_to_videos/:id/render_single_preview/',
    { schema: { tags, summary: 'Render one preview at full quality (alias)', params: idParams, body: renderSinglePreviewAliasBody } },
    async (request) => {
      return wire(await deps.linkVideos.render(request.accountId, request.params.id, request.body.media_job));
    },
  );

  app.post(
    '/api/link_to_videos/:id/render/',
    { schema: { tags, summary: 'Render the previewed video at full quality (4 credits per started 30 s)', params: idParams } },
    async (request) => {
      return wire(await deps.linkVideos.render(request.accountId, request.params.id, null));
    },
  );

  app.get('/api/link_to_videos/', { schema: { tags, summary: 'List URL-to-video tasks', querystring: listQuery } }, async (request) => {
    return (await deps.linkVideos.list(request.accountId, listQueryFrom(request.query))).map(wire);
  });

  app.get('/api/link_to_videos/:id/', { schema: { tags, summary: 'Get a URL-to-video task', params: idParams } }, async (request) => {
    return wire(await deps.linkVideos.get(request.accountId, request.params.id));
  });
}

function toRequest(b: z.infer<typeof linkVideoBody>): LinkVideoRequest {
  const flatCaption =
    b.caption_style != null || b.caption_offset_x != null || b.caption_offset_y != null
      ? { caption_style: b.caption_style, caption_offset_x: b.caption_offset_x, caption_offset_y: b.caption_offset_y, override_visual_style: true }
      : null;
  // visual_styles is the list request's own; each task is one of them.
  const echo = echoOf(linkVideoBody, b);
  return {
    link: b.link,
    name: b.name,
    targetPlatform: b.target_platform,
    targetAudience: b.target_audience,
    language: b.language,
    videoLength: b.video_length,
    aspectRatio: b.aspect_ratio,
    scriptStyle: b.script_style,
    visualStyle: b.visual_style,
    overrideAvatar: b.override_avatar,
    overrideAvatarByImage: b.override_avatar_by_image,
    overrideVoice: b.override_voice,
    overrideScript: b.override_script,
    backgroundMusicUrl: b.background_music_url,
    backgroundMusicVolume: b.background_music_volume,
    voiceoverVolume: b.voiceover_volume,
    noBackgroundMusic: b.no_background_music ?? false,
    noCaption: b.no_caption ?? false,
    noCta: b.no_cta ?? false,
    captionSetting: b.caption_setting ? { ...b.caption_setting } : flatCaption,
    modelVersion: b.model_version,
    webhookUrl: b.webhook_url,
    echo,
  };
}
