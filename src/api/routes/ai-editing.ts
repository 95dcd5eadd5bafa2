import type { z } from 'zod';
import type { AiEditingRequest, AiEditingService } from '../../domain/editing/ai-editing-service.js';
import { parseAspectRatio } from '../../media/frame-size.js';
import { aiEditingBody } from '../schemas/ai-editing.js';
import { aiEditingToWire } from '../wire/ai-editing.js';
import { echoOf } from '../echo.js';
import { taskGroupRoutes } from './group-routes.js';

export const aiEditingRoutes = taskGroupRoutes(['AI Editing'], aiEditingToWire, (routes, { aiEditing }: { aiEditing: AiEditingService }) => {
  routes.createInModes(aiEditingBody, (accountId, b, mode) => aiEditing.create(accountId, toRequest(b), mode), {
    direct: { path: '/api/ai_editing/', summary: 'Edit a video: dead air cut, reframed, captioned, scored (5 credits per started 30 s of the source)' },
    preview: { path: '/api/ai_editing/preview/', summary: 'Edit a video, producing only a preview (1 credit per started 30 s of the source)' },
  });
  routes.reads('/api/ai_editing/', aiEditing, { list: 'List AI editing tasks', get: 'Get an AI editing task' });
  routes.onItem('/api/ai_editing/:id/preview/', 'A preview of a finished edit (1 credit per started 30 s of the source)', (accountId, id) =>
    aiEditing.preview(accountId, id),
  );
  routes.onItem('/api/ai_editing/:id/render/', 'The edit at full quality (4 credits per started 30 s of the source)', (accountId, id) =>
    aiEditing.render(accountId, id),
  );
});

function toRequest(b: z.infer<typeof aiEditingBody>): AiEditingRequest {
  return {
    videoUrl: b.video_url,
    instructions: b.instructions ?? null,
    aspectRatio: b.aspect_ratio ? (parseAspectRatio(b.aspect_ratio) ?? null) : null,
    editingStyle: b.editing_style ?? null,
    caption: b.caption_setting ? { ...b.caption_setting } : null,
    musicUrl: b.background_music_url ?? null,
    musicVolume: b.background_music_volume ?? null,
    voiceVolume: b.voiceover_volume ?? null,
    webhookUrl: b.webhook_url,
    // The body as parsed, echoed back on the task (plain JSON).
    echo: echoOf(aiEditingBody, b),
  };
}
