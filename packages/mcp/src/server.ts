import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ClipwrightClient } from '../../sdk/src/index.js';
import { aiShortTools } from './tools/ai-short.js';
import { avatarVideoTools } from './tools/avatar-video.js';
import { catalogTools } from './tools/catalogs.js';
import { productVideoTools } from './tools/product-video.js';
import { speechTools } from './tools/speech.js';
import { taskTools } from './tools/tasks.js';
import { templateVideoTools } from './tools/template-video.js';

const INSTRUCTIONS = `Clipwright makes videos and speech through its API; every creating tool spends the account's credits (get_credits shows them and the prices).
Creating tools answer at once with a task (task_id and kind); call wait_for_task until status is done, then the URLs in output / preview are the media (signed, expiring links).
A video ad from a product page: read_product_page → preview_product_video (one or several visual_styles) → wait_for_task → show the preview(s) → render_product_video → wait_for_task.
Ids come from the catalogs: list_voices (voice_id), list_avatars (avatar_id), list_templates (template_id); list_styles describes the style choices.`;

/** The MCP server of one account of one Clipwright service: every tool is a call of the SDK. */
export function buildMcpServer(client: ClipwrightClient, version: string): McpServer {
  const server = new McpServer({ name: 'clipwright', title: 'Clipwright video and speech', version }, { instructions: INSTRUCTIONS });
  productVideoTools(server, client);
  speechTools(server, client);
  avatarVideoTools(server, client);
  aiShortTools(server, client);
  templateVideoTools(server, client);
  catalogTools(server, client);
  taskTools(server, client);
  return server;
}
