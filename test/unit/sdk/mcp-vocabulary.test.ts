import { describe, expect, it } from 'vitest';
import { aspectRatio } from '../../../src/api/schemas/common.js';
import { AVATAR_AGE_RANGES, AVATAR_GENDERS, AVATAR_LOCATIONS, AVATAR_STYLES } from '../../../src/domain/catalog/avatars.js';
import { MAX_SHORT_SCRIPT_CHARS } from '../../../src/domain/shorts/ai-short-service.js';
import { SHORT_STYLES } from '../../../src/domain/shorts/short-styles.js';
import { MAX_TTS_CHARS } from '../../../src/domain/speech/tts-service.js';
import { VIDEO_LENGTHS } from '../../../src/domain/videos/link-video-service.js';
import { SCRIPT_LANGUAGES } from '../../../src/pipelines/text/languages.js';
import { SCRIPT_STYLE_NAMES as SERVICE_SCRIPT_STYLES } from '../../../src/pipelines/text/script-styles.js';
import { DEFAULT_VISUAL_STYLE, visualStyleNames } from '../../../src/pipelines/video/visual-styles.js';
import * as mcp from '../../../packages/mcp/src/vocabulary.js';
import { API_GROUPS_OF_KIND, TASK_KIND_NAMES } from '../../../packages/mcp/src/task-kinds.js';
import { TASK_GROUPS } from '../../../src/api/schemas/tasks.js';

/**
 * The MCP server is a client and may not import the service, so its tool schemas carry their own
 * copy of the API's closed choices. The service's lists are the authority: a style added to or
 * removed from the service fails here until the MCP's enum (and its description) follow.
 */
describe('the MCP tools offer exactly the choices the service accepts', () => {
  it('visual styles, script styles and AI Short styles', () => {
    expect(mcp.VISUAL_STYLE_NAMES).toEqual(visualStyleNames());
    expect(mcp.VISUAL_STYLE_NAMES[0]).toBe(DEFAULT_VISUAL_STYLE);
    expect(mcp.SCRIPT_STYLE_NAMES).toEqual([...SERVICE_SCRIPT_STYLES]);
    expect(mcp.SHORT_STYLE_NAMES).toEqual([...SHORT_STYLES]);
    for (const table of [mcp.VISUAL_STYLES, mcp.SCRIPT_STYLES, mcp.SHORT_STYLES]) {
      for (const [name, description] of Object.entries(table)) expect(description.length, name).toBeGreaterThan(10);
    }
  });

  it('aspect ratios, video lengths, script languages, text limits and avatar filters', () => {
    for (const ratio of mcp.ASPECT_RATIOS) expect(aspectRatio.safeParse(ratio).success, ratio).toBe(true);
    expect([...mcp.VIDEO_LENGTHS_SECONDS]).toEqual(VIDEO_LENGTHS);
    expect([...mcp.SCRIPT_LANGUAGES]).toEqual([...SCRIPT_LANGUAGES]);
    expect([...mcp.AVATAR_GENDERS]).toEqual([...AVATAR_GENDERS]);
    expect([...mcp.AVATAR_AGE_RANGES]).toEqual([...AVATAR_AGE_RANGES]);
    expect([...mcp.AVATAR_LOCATIONS]).toEqual([...AVATAR_LOCATIONS]);
    expect([...mcp.AVATAR_STYLES]).toEqual([...AVATAR_STYLES]);
    expect(mcp.MAX_SHORT_SCRIPT_CHARS).toBe(MAX_SHORT_SCRIPT_CHARS);
    expect(mcp.MAX_SPEECH_CHARS).toBe(MAX_TTS_CHARS);
  });

  it('every task group of GET /api/tasks/ is one kind of the tools, and every kind names real groups', () => {
    const mapped = TASK_KIND_NAMES.flatMap((k) => API_GROUPS_OF_KIND[k]);
    expect([...mapped].sort()).toEqual([...TASK_GROUPS].sort());
  });
});
