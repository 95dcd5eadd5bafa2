import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type ClientOptions, createClient } from '../../sdk/src/index.js';
import { clientOptionsFrom, UsageError } from '../../cli/src/settings.js';
import { buildMcpServer } from './server.js';

const VERSION = '0.1.0';

/**
 * Serves MCP over stdio until the host closes stdin. stdout carries only the protocol: every word
 * for a person goes to stderr, which MCP hosts keep as the server's log.
 */
export async function runMcpServer(env: NodeJS.ProcessEnv, stderr: NodeJS.WritableStream): Promise<number> {
  let options: ClientOptions;
  try {
    options = clientOptionsFrom(env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    stderr.write(`clipwright mcp: ${err.message}\n`);
    return 2;
  }
  const server = buildMcpServer(createClient(options), VERSION);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  // The stdio transport does not notice the end of stdin by itself; closing aborts running tool calls.
  process.stdin.once('end', () => void server.close());
  stderr.write(`clipwright mcp: serving ${options.baseUrl} on stdio\n`);
  await closed;
  return 0;
}
