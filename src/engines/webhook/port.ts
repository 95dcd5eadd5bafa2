/**
 * The port webhook delivery uses to POST an event to a user's URL. The real implementation
 * (`http-webhook-sender.ts`) applies the fetcher's address rules; the fake records requests.
 */
export interface WebhookRequest {
  url: string;
  /** POST for events; PUT for handing a finished file to a client's upload URL. Default POST. */
  method?: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: string | Buffer;
  /** For the whole exchange: connecting, every redirect hop and the answer. */
  timeoutMs: number;
  signal?: AbortSignal;
}

export type WebhookAnswer =
  | { delivered: true; status: number }
  /**
   * Not delivered. `permanent` when retrying cannot help (the URL is refused by the address rules);
   * `reason` says why in words a person can act on.
   */
  | { delivered: false; status: number | null; reason: string; permanent: boolean };

export interface WebhookSender {
  post(request: WebhookRequest): Promise<WebhookAnswer>;
}
