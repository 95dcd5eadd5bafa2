import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BodyOf, ClipwrightClient } from '../../../packages/sdk/src/index.js';
import { withExactRequestBodies } from '../../../scripts/sdk-types.js';
import type { Schema } from '../../helpers/schema-samples.js';

/**
 * Never called: `npm run typecheck` (tsc over test/) checks these lines, and an
 * `@ts-expect-error` that no longer meets an error fails it. They prove the SDK's request bodies
 * are exact (scripts/sdk-types.ts, withExactRequestBodies) while free maps stay open.
 */
function bodiesTypeCheck(cw: ClipwrightClient) {
  // @ts-expect-error a misspelt field is a type error (the service would ignore it silently)
  void cw.aiEditing.create({ video_url: 'x', editin_style: 'vlog' });
  void cw.aiEditing.create({ video_url: 'x', editing_style: 'vlog' });
  // @ts-expect-error in nested objects too
  void cw.aiShorts.create({ script: 's', aspect_ratio: '9:16', style: 'Cinematic', caption_setting: { styel: 'neo' } });
  // @ts-expect-error and in the bodies of the new helpers
  void cw.customAvatars.update('AVATAR_ID', { nmae: 'Dana' });
  // @ts-expect-error and in a stream's body
  void cw.textGenerator.stream({ model_name: 'm', messages: [{ role: 'user', content: 'hi' }], confg: {} });
  // A field or its alias is required (text or script, voice_id or accent): the document says so with an allOf of anyOf.
  // @ts-expect-error neither text nor voice_id
  void cw.textToSpeech.create({});
  // @ts-expect-error no voice
  void cw.textToSpeech.create({ text: 'Hello.' });
  // @ts-expect-error an unknown field next to a complete body
  void cw.textToSpeech.create({ text: 'Hello.', voice_id: 'VOICE_ID', speed: 2 });
  void cw.textToSpeech.create({ text: 'Hello.', voice_id: 'VOICE_ID' });
  void cw.textToSpeech.create({ script: 'Hello.', accent: 'VOICE_ID', webhook_url: null });
  // Maps whose keys are the caller's stay open: template variables, asset model inputs.
  void cw.customTemplateJobs.create({ template_id: 't', parameters: { 'Product Name': 'Sunrise Soda', Script: { text: 'Hi.', voice_id: 'v' } } });
  void cw.aiGeneration.create({ model_name: 'product-staging', input_params: { image_url: 'https://x/y.png', any_input: 1 } });
}

describe('exact request bodies in the SDK types', () => {
  it('are checked by tsc (see bodiesTypeCheck above)', () => {
    expectTypeOf(bodiesTypeCheck).parameter(0).toEqualTypeOf<ClipwrightClient>();
    expectTypeOf<BodyOf<'/api/ai_editing/'>>().not.toHaveProperty('editin_style');
    expectTypeOf<BodyOf<'/api/ai_editing/'>>().toHaveProperty('editing_style');
  });

  it('come from closing, in a copy of the document, the request objects that list their properties', () => {
    const open = { type: 'object', properties: { name: { type: 'string' } }, additionalProperties: {} };
    const map = { type: 'object', additionalProperties: {} };
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/x/': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: { ...open, properties: { nested: { anyOf: [open, { type: 'null' }] }, list: { type: 'array', items: open }, params: map } },
                },
              },
            },
            responses: { 200: { content: { 'application/json': { schema: open } } } },
          },
        },
      },
    };
    const exact = withExactRequestBodies(doc);
    // Typed as the input was (withExactRequestBodies returns its argument's type): read as the schema it now is.
    const body: Schema = exact.paths['/x/'].post.requestBody.content['application/json'].schema;
    expect(body.additionalProperties).toBe(false);
    expect(body.properties?.nested?.anyOf?.[0]?.additionalProperties).toBe(false);
    expect(body.properties?.list?.items?.additionalProperties).toBe(false);
    expect(body.properties?.params?.additionalProperties).toEqual({}); // a free map stays open
    expect(exact.paths['/x/'].post.responses[200].content['application/json'].schema.additionalProperties).toEqual({}); // answers stay as documented
    expect(doc.paths['/x/'].post.requestBody.content['application/json'].schema.additionalProperties).toEqual({}); // the service's document is untouched
  });
});
