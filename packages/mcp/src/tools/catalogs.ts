import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { AVATAR_AGE_RANGES, AVATAR_GENDERS, AVATAR_LOCATIONS, AVATAR_STYLES, SCRIPT_STYLES, SHORT_STYLES, VISUAL_STYLES } from '../vocabulary.js';
import { defineTool, READS } from './define-tool.js';

const page = z.number().int().min(1).default(1).describe('Page number, from 1. Default 1.');
const limit = (fallback: number) => z.number().int().min(1).max(100).default(fallback).describe(`How many per page, 1 to 100. Default ${fallback}.`);

/** The catalogs a model chooses ids and styles from, each item with a short description, and the balance. */
export function catalogTools(server: McpServer, client: ClipwrightClient): void {
  defineTool(
    server,
    client,
    'list_voices',
    {
      title: 'List voices',
      description:
        "Lists the voices (built-in, and the account's cloned ones first) with their language, accent and gender; the id is the voice_id other tools take. " +
        'There are a few hundred: filter by language and gender. Free.',
      input: {
        language: z.string().min(2).max(16).optional().describe('A language code: en, es, fr, de, it, pt … Default: every language.'),
        gender: z.enum(['male', 'female']).optional().describe('Only male or only female voices.'),
        page,
        limit: limit(25),
      },
      annotations: READS,
    },
    async (a) => {
      const r = await client.voices.paginated({
        page: a.page,
        page_size: a.limit,
        ...(a.language ? { language: a.language } : {}),
        ...(a.gender ? { gender: a.gender } : {}),
      });
      return {
        count: r.count,
        page: a.page,
        more: Boolean(r.next),
        voices: r.results.map((v) => ({ voice_id: v.id, name: v.name, description: [v.gender, v.accent].filter(Boolean).join(', '), language: v.language })),
      };
    },
  );

  defineTool(
    server,
    client,
    'list_avatars',
    {
      title: 'List avatars',
      description:
        "Lists the avatars (presenters that speak in videos): built-in ones and the account's own, with gender, age, look and the scene they stand in. " +
        'The id is the avatar_id of make_avatar_video and preview_product_video. Free.',
      input: {
        gender: z.enum(AVATAR_GENDERS).optional().describe('m (male), f (female) or nb (non-binary).'),
        age_range: z.enum(AVATAR_AGE_RANGES).optional().describe('Age range of the avatar.'),
        style: z.enum(AVATAR_STYLES).optional().describe('selfie (phone-held, casual), presenter (facing the camera, studio-like) or other.'),
        location: z.enum(AVATAR_LOCATIONS).optional().describe('Where the avatar stands: indoor, outdoor, fantasy or other.'),
        keyword: z.string().min(1).max(100).optional().describe("A word to match in the avatar's keywords, e.g. fitness, business, cooking."),
        page,
        limit: limit(25),
      },
      annotations: READS,
    },
    async (a) => {
      const r = await client.avatars.paginated({
        page: a.page,
        page_size: a.limit,
        ...(a.gender ? { gender: a.gender } : {}),
        ...(a.age_range ? { age_range: a.age_range } : {}),
        ...(a.style ? { style: a.style } : {}),
        ...(a.location ? { location: a.location } : {}),
        ...(a.keyword ? { keyword: a.keyword } : {}),
      });
      return {
        count: r.count,
        page: a.page,
        more: Boolean(r.next),
        avatars: r.results.map((p) => {
          const x = p as typeof p & Record<string, unknown>;
          return {
            avatar_id: p.id,
            name: p.name,
            description: [x.gender, x.age_range, x.style, x.video_scene].filter(Boolean).join(', '),
            industries: x.suitable_industries ?? [],
            status: p.status,
            thumbnail: p.thumbnail,
          };
        }),
      };
    },
  );

  defineTool(
    server,
    client,
    'list_styles',
    {
      title: 'List visual, script and AI Short styles',
      description:
        'Describes the closed choices of the video tools: visual_styles (the layout of a product video: where the product, avatar and text go), ' +
        "script_styles (how a product video's script is written) and ai_short_styles (the art style of an AI Short's pictures). Free; no request is made.",
      input: {},
      annotations: READS,
    },
    async () => ({
      visual_styles: describe(VISUAL_STYLES),
      script_styles: describe(SCRIPT_STYLES),
      ai_short_styles: describe(SHORT_STYLES),
    }),
  );

  defineTool(
    server,
    client,
    'list_templates',
    {
      title: 'List video templates',
      description:
        'Lists the video templates with a description, aspect ratio and the parameters each takes (name, type, required): the input of make_template_video. ' +
        'Includes the design-your-own (DYOA) templates. Free.',
      input: {},
      annotations: READS,
    },
    async () => {
      const [listed, dyoa] = await Promise.all([client.customTemplates.list(), client.dyoa.list()]);
      // The list leaves the parameters out; each template's own answer has them.
      const details = await Promise.all(listed.map((t) => client.customTemplates.get(t.template_id)));
      const entry = (
        t: { name: string; description?: string | null; category?: string | null; aspect_ratio?: string | null },
        id: string,
        parameters: Record<string, { type: string; required: boolean }> | undefined,
      ) => ({
        template_id: id,
        name: t.name,
        description: t.description ?? '',
        category: t.category ?? null,
        aspect_ratio: t.aspect_ratio ?? null,
        parameters: parameters ?? {},
      });
      return {
        templates: [
          ...details.map((t) => entry(t, t.template_id, t.variables as Record<string, { type: string; required: boolean }> | undefined)),
          ...dyoa.map((t) => entry(t as typeof t & { aspect_ratio?: string }, t.id, t.parameters as Record<string, { type: string; required: boolean }>)),
        ],
      };
    },
  );

  defineTool(
    server,
    client,
    'get_credits',
    {
      title: 'Remaining credits',
      description:
        "The account's remaining credits. Prices: read_product_page 1; previews 1 per started 30 s of video; renders 4 per 30 s; " +
        'direct videos (avatar, AI Short, template) 5 per 30 s; text to speech 1 per 30 s of audio. A failed task is not charged. Free.',
      input: {},
      annotations: READS,
    },
    async () => ({ remaining_credits: (await client.workspace.remainingCredits()).remaining_credits }),
  );
}

function describe(table: Record<string, string>): { name: string; description: string }[] {
  return Object.entries(table).map(([name, description]) => ({ name, description }));
}
