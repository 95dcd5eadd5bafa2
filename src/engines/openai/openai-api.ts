/**
 * What the adapters to OpenAI-compatible providers (chat completions, images, transcriptions)
 * read alike: where the API is from a base URL, a refusal's message, and which failures pass.
 */

/** `https://api.example.com` → `https://api.example.com/v1`; a base that names its version (`…/openai/v1`) is kept. */
export function openAiApiRoot(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v\d+$/.test(base) ? base : `${base}/v1`;
}

/** The provider's own words from an error body: `error.message`, `error` or `message` of its JSON, else the body's start. */
export function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    return (typeof parsed.error === 'string' ? parsed.error : parsed.error?.message) ?? parsed.message ?? body.slice(0, 300);
  } catch {
    // Not JSON: keep the start of the body.
    return body.slice(0, 300);
  }
}

/** 408, 429 and 5xx pass (another try may be answered); any other 4xx refuses the request for good. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Why a request got no answer: the network error's code, else its message. */
export function unreachableCause(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err);
}
