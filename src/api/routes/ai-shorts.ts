import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Task } from '../../core/task.js';
import type { AiShortRequest, AiShortService } from '../../domain/shorts/ai-short-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { aiShortBody } from '../schemas/ai-shorts.js';
import { aiShortToWire } from '../wire/ai-short.js';
import { echoOf } from '../echo.js';
import { TaskRoutes } from './task-routes.js';

/** What these routes use, and nothing more (built by its group, app/groups/). */
export interface AiShortRouteDeps {
  aiShorts: AiShortService;
  blobs: BlobStore;
}

export function aiShortRoutes(root: FastifyInstance, deps: AiShortRouteDeps): void {
  const routes = new TaskRoutes(root, ['AI Shorts'], (t: Task) => aiShortToWire(t, deps.blobs));
  routes.createInModes(aiShortBody, (accountId, b, mode) => deps.aiShorts.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/ai_shorts/', summary: 'A narrated, illustrated short, rendered directly (5 credits per started 30 s)' },
    preview: { path: '/api/ai_shorts/preview/', summary: 'Preview a short (1 credit per started 30 s); render it afterwards' },
  });
  routes.onItem('/api/ai_shorts/:id/render/', 'Render a previewed short at full quality (4 credits per started 30 s)', (accountId, id) =>
    deps.aiShorts.render(accountId, id),
  );
  routes.reads('/api/ai_shorts/', deps.aiShorts, { list: 'List AI Shorts tasks', get: 'Get an AI Shorts task' });
}

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
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(aiShortBody, b),
  };
}
