import type { z } from 'zod';
import type { AiShortRequest, AiShortService } from '../../domain/shorts/ai-short-service.js';
import { aiShortBody } from '../schemas/ai-shorts.js';
import { aiShortToWire } from '../wire/ai-short.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

export const aiShortRoutes = taskGroupRoutes(['AI Shorts'], aiShortToWire, (routes, { aiShorts }: { aiShorts: AiShortService }) => {
  routes.createInModes(aiShortBody, (accountId, b, mode) => aiShorts.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/ai_shorts/', summary: 'A narrated, illustrated short, rendered directly (5 credits per started 30 s)' },
    preview: { path: '/api/ai_shorts/preview/', summary: 'Preview a short (1 credit per started 30 s); render it afterwards' },
  });
  routes.onItem('/api/ai_shorts/:id/render/', 'Render a previewed short at full quality (4 credits per started 30 s)', (accountId, id) =>
    aiShorts.render(accountId, id),
  );
  routes.reads('/api/ai_shorts/', aiShorts, { list: 'List AI Shorts tasks', get: 'Get an AI Shorts task' });
});

function toRequest(b: z.infer<typeof aiShortBody>): AiShortRequest {
  return {
    script: b.script,
    aspectRatio: b.aspect_ratio,
    style: b.style,
    // The spec's name wins when both are sent.
    voiceId: b.accent ?? b.voice_id,
    voiceField: b.accent != null ? 'accent' : 'voice_id',
    caption: b.caption_setting ?? null,
    backgroundMusicUrl: b.background_music_url,
    backgroundMusicVolume: b.background_music_volume,
    voiceoverVolume: b.voiceover_volume,
    name: b.name,
    webhookUrl: b.webhook_url,
    link: b.link ?? null,
    productImages: b.product_images ?? null,
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(aiShortBody, b),
  };
}
