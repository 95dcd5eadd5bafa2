import { expect } from 'vitest';
import { ClipwrightError, createClient, type ClipwrightClient } from '../../packages/sdk/src/index.js';
import type { ClientService } from './client-service.js';

/** The SDK signed in with the service's default account. */
export function sdkFor(service: ClientService): ClipwrightClient {
  return createClient({ baseUrl: service.baseUrl, apiId: service.creds.api_id, apiKey: service.creds.api_key });
}

/** The ClipwrightError a call rejects with (fails the test if it resolves or rejects otherwise). */
export async function sdkFailure(call: Promise<unknown>): Promise<ClipwrightError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClipwrightError);
  return err as ClipwrightError;
}
