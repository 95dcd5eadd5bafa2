import type { ClientOptions } from '../../sdk/src/index.js';

/** The CLI's whole configuration, from the environment (the service's own config.ts is not loaded here). */
export const DEFAULT_URL = 'http://localhost:8080';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function clientOptionsFrom(env: NodeJS.ProcessEnv): ClientOptions {
  const apiId = env.CLIPWRIGHT_API_ID;
  const apiKey = env.CLIPWRIGHT_API_KEY;
  if (!apiId || !apiKey) {
    throw new UsageError(
      'Set CLIPWRIGHT_API_ID and CLIPWRIGHT_API_KEY (from `clipwright admin accounts create` or the credentials.json the service wrote on first start); CLIPWRIGHT_URL defaults to ' +
        DEFAULT_URL +
        '.',
    );
  }
  return { baseUrl: env.CLIPWRIGHT_URL || DEFAULT_URL, apiId, apiKey };
}
