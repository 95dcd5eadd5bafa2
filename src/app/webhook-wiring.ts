import type { Store } from '../core/store.js';
import type { Clock } from '../core/clock.js';
import { anyAddress, publicAddressesOnly } from '../engines/fetch/address-policy.js';
import { HttpWebhookSender } from '../engines/webhook/http-webhook-sender.js';
import type { WebhookSender } from '../engines/webhook/port.js';
import { webhookUrlProblem } from '../engines/webhook/webhook-url.js';
import type { WebhookJobDeps } from '../jobs/handlers/deliver-webhook.js';
import type { Config } from './config.js';
import type { NetworkOverride } from './network-override.js';

/** The create-time check of `webhook_url`: the same address rules as fetched URLs. */
export function webhookUrlCheck(config: Config, network?: NetworkOverride): (url: string) => string | null {
  const policy = network?.addressPolicy ?? (config.allowPrivateUrls ? anyAddress : publicAddressesOnly);
  return (url) => webhookUrlProblem(url, policy);
}

/** Sends to a client's URL (webhook events, finished files PUT to an upload URL) under the fetcher's address rules. */
export function createWebhookSender(config: Config, network?: NetworkOverride, userAgent?: string): HttpWebhookSender {
  return new HttpWebhookSender({ allowPrivate: config.allowPrivateUrls, ...network, ...(userAgent ? { userAgent } : {}) });
}

export function webhookJobDeps(config: Config, store: Store, clock: Clock, sender?: WebhookSender): WebhookJobDeps {
  return {
    accounts: store.accounts,
    sender: sender ?? createWebhookSender(config),
    clock,
    timeoutMs: config.webhooks.timeoutMs,
    retry: { baseMs: config.webhooks.retryBaseMs, maxDelayMs: config.webhooks.retryMaxDelayMs },
  };
}
