import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CustomAvatarService } from '../../domain/avatars/custom-avatar-service.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import type { CustomAvatarVersion } from '../../domain/avatars/custom-avatar-kind.js';
import { personaToWire } from '../wire/persona.js';
import { customAvatarToWire } from '../wire/custom-avatar.js';
import { idParams } from '../schemas/common.js';
import { customAvatarBody, customAvatarCount, customAvatarPatchBody, customAvatarV2Body } from '../schemas/custom-avatars.js';
import { taskGroupRoutes } from './group-routes.js';

/**
 * Custom Avatars (contract section 16): create from a photo or a video (v1) or with a consent
 * recording (v2), count against the account's limit, rename and delete. Listings and GET of one
 * avatar are the Avatars routes (`personas.ts`), which see custom avatars through the directory.
 */
export const customAvatarRoutes = taskGroupRoutes(
  ['Custom Avatars'],
  customAvatarToWire,
  (routes, deps: { customAvatars: CustomAvatarService; blobs: BlobStore }) => {
    const { app, tags } = routes;

    const create = (version: CustomAvatarVersion) => (accountId: string, b: z.infer<typeof customAvatarBody>) =>
      deps.customAvatars.create(accountId, {
        version,
        name: b.name,
        creatorName: b.creator_name,
        gender: b.gender,
        imageUrl: b.image_url,
        videoUrl: b.video_url,
        lipsyncInput: b.lipsync_input,
        gdownUrl: b.gdown_url,
        consentVideo: b.consent_video,
        videoScene: b.video_scene,
        keywords: b.keywords,
        labels: b.labels,
        webhookUrl: b.webhook_url,
      });

    routes.create(
      '/api/personas/',
      'Create a custom avatar from a portrait (image_url) or a video of the person (video_url); processing → active',
      customAvatarBody,
      create('v1'),
    );

    routes.create(
      '/api/personas_v2/',
      'Create a v2 custom avatar: a video (or photo) of the person and a consent recording of the same person (JSON URLs or multipart files)',
      customAvatarV2Body,
      create('v2'),
    );

    app.get(
      '/api/personas_v2/count/',
      {
        schema: { tags, summary: 'How many custom avatars the account has and may still create', response: { 200: customAvatarCount } },
      },
      async (request) => deps.customAvatars.count(request.accountId),
    );

    app.patch(
      '/api/personas/:id/',
      {
        schema: {
          tags,
          summary: 'Rename a custom avatar or change its keywords and labels (your own custom avatars only)',
          params: idParams,
          body: customAvatarPatchBody,
        },
      },
      async (request) => {
        const b = request.body;
        const persona = await deps.customAvatars.update(request.accountId, request.params.id, {
          name: b.name ?? b.creator_name,
          ...(b.keywords !== undefined ? { keywords: b.keywords } : {}),
          ...(b.labels !== undefined ? { labels: b.labels } : {}),
        });
        return personaToWire(persona, deps.blobs);
      },
    );

    const remove = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      await deps.customAvatars.delete(request.accountId, request.params.id);
      return reply.status(204).send();
    };
    const removeSummary = 'Delete a custom avatar and its files (built-in avatars cannot be deleted)';
    app.delete('/api/personas/:id/', { schema: { tags, summary: removeSummary, params: idParams } }, remove);
    app.delete('/api/personas_v2/:id/', { schema: { tags, summary: `${removeSummary} (alias of DELETE /api/personas/{id}/)`, params: idParams } }, remove);
  },
);
