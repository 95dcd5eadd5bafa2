import type { z } from 'zod';
import type { LinkVideoRequest, LinkVideoService } from '../../domain/videos/link-video-service.js';
import { idParams } from '../schemas/common.js';
import { linkVideoBody, previewListBody, renderSinglePreviewAliasBody, renderSinglePreviewBody } from '../schemas/link-to-videos.js';
import { linkVideoToWire } from '../wire/link-to-video.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

export const linkToVideoRoutes = taskGroupRoutes(['URL to Video'], linkVideoToWire, (routes, { linkVideos }: { linkVideos: LinkVideoService }) => {
  const { app, tags, wire } = routes;

  routes.createInModes(linkVideoBody, (accountId, b, mode) => linkVideos.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/link_to_videos/', summary: 'Make a video ad from a link, rendered directly (5 credits per started 30 s)' },
    preview: { path: '/api/link_to_videos/preview/', summary: 'Preview a video ad (1 credit per started 30 s)' },
  });

  routes.create('/api/link_to_videos/preview_list_async/', 'One preview per visual style (1 credit per started 30 s each)', previewListBody, (accountId, b) =>
    linkVideos.create(accountId, { ...toRequest(b), visualStyles: b.visual_styles }, 'preview_list'),
  );

  app.post(
    '/api/link_to_videos/render_single_preview/',
    { schema: { tags, summary: 'Render one preview at full quality (4 credits per started 30 s)', body: renderSinglePreviewBody } },
    async (request) => {
      return wire(await linkVideos.render(request.accountId, request.body.id, request.body.media_job ?? null));
    },
  );

  app.post(
    '/api/link_to_videos/:id/render_single_preview/',
    { schema: { tags, summary: 'Render one preview at full quality (alias)', params: idParams, body: renderSinglePreviewAliasBody } },
    async (request) => {
      return wire(await linkVideos.render(request.accountId, request.params.id, request.body.media_job));
    },
  );

  routes.onItem('/api/link_to_videos/:id/render/', 'Render the previewed video at full quality (4 credits per started 30 s)', (accountId, id) =>
    linkVideos.render(accountId, id, null),
  );

  routes.reads('/api/link_to_videos/', linkVideos, { list: 'List URL-to-video tasks', get: 'Get a URL-to-video task' });
});

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
    noStockBroll: b.no_stock_broll ?? false,
    captionSetting: b.caption_setting ? { ...b.caption_setting } : flatCaption,
    modelVersion: b.model_version,
    webhookUrl: b.webhook_url,
    echo,
  };
}
