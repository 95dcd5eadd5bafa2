import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ServerNotification, ServerRequest, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { toolError, toolResult, type ArgumentNames } from '../tool-result.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolSpec<S extends z.ZodRawShape> {
  title: string;
  /** What the tool does, when to use it, what it costs and what comes back: the model chooses by this. */
  description: string;
  input: S;
  annotations: ToolAnnotations;
  /** Where the API names a field differently from the tool's argument, so its 400 messages name the argument. */
  argumentOf?: ArgumentNames;
}

/** Annotations of the two families: catalog reads, and creates that spend credits. */
export const READS: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
export const SPENDS_CREDITS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

/**
 * Registers one tool whose handler never throws: whatever goes wrong (a 400 with field messages,
 * 402, 404, the service unreachable) comes back as a tool error the model can read and act on.
 */
export function defineTool<S extends z.ZodRawShape>(
  server: McpServer,
  client: ClipwrightClient,
  name: string,
  spec: ToolSpec<S>,
  run: (args: z.output<z.ZodObject<S>>, extra: ToolExtra) => Promise<Record<string, unknown>>,
): void {
  // Strict: a misspelt optional argument (avatar for avatar_id) is an error the model sees, not silently dropped.
  const inputSchema = z.object(spec.input).strict();
  const config = { title: spec.title, description: spec.description, inputSchema, annotations: { title: spec.title, ...spec.annotations } };
  const handler = async (args: z.output<z.ZodObject<S>>, extra: ToolExtra) => {
    try {
      return toolResult(await run(args, extra));
    } catch (err) {
      return toolError(err, client.baseUrl, spec.argumentOf);
    }
  };
  // The SDK's overloads cannot follow a generic shape; the handler's type above is the checked one.
  (server.registerTool as (n: string, c: unknown, h: unknown) => void)(name, config, handler);
}
