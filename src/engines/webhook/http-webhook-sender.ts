import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { FetchRefused } from '../../core/errors.js';
import { anyAddress, publicAddressesOnly, type AddressPolicy } from '../fetch/address-policy.js';
import { AddressRefused, checkLiteralHost, createGuardedLookup, systemResolver, type HostResolver } from '../fetch/guarded-lookup.js';
import { explainNetworkError } from '../fetch/network-errors.js';
import { parseFetchUrl, requestTarget } from '../fetch/open-response.js';
import type { WebhookAnswer, WebhookRequest, WebhookSender } from './port.js';

export interface HttpWebhookSenderOptions {
  /** Lets webhooks reach loopback and private addresses (`ALLOW_PRIVATE_URLS=1`). */
  allowPrivate: boolean;
  /** Replaces the rule `allowPrivate` picks (tests). */
  addressPolicy?: AddressPolicy;
  /** Replaces system DNS (tests). */
  resolveHost?: HostResolver;
  userAgent?: string;
  maxRedirects?: number;
}

/** Only these keep the method and body; following 301/302/303 would turn the POST into a GET. */
const FOLLOWED_REDIRECTS = new Set([307, 308]);
const OTHER_REDIRECTS = new Set([301, 302, 303]);
/** The answer's body is read (so the connection ends cleanly) but only this much is kept for logs. */
const KEPT_ANSWER_CHARS = 200;
/** Past this, the rest of an answer is not worth waiting for: only the status matters. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs webhook events over node:http/https with the fetcher's address rules: every address a
 * host resolves to is checked at connect time (no DNS rebinding), literal IPs before connecting,
 * and again on each redirect hop, so a redirect can never lead the POST to a private address.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly policy: AddressPolicy;
  private readonly resolve: HostResolver;
  // No keep-alive: a pooled socket must never carry a request whose address was not checked.
  private readonly agents = { http: new http.Agent({ keepAlive: false }), https: new https.Agent({ keepAlive: false }) };

  constructor(private readonly options: HttpWebhookSenderOptions) {
    this.policy = options.addressPolicy ?? (options.allowPrivate ? anyAddress : publicAddressesOnly);
    this.resolve = options.resolveHost ?? systemResolver;
  }

  async post(request: WebhookRequest): Promise<WebhookAnswer> {
    const deadline = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    // Refusals by the address rules are remembered: retrying those cannot help.
    let refused = false;
    const policy: AddressPolicy = (address) => {
      const reason = this.policy(address);
      if (reason) refused = true;
      return reason;
    };
    const lookup = createGuardedLookup(policy, this.resolve);
    let url: URL;
    try {
      url = parseFetchUrl(request.url);
    } catch (err) {
      return { delivered: false, status: null, reason: (err as Error).message, permanent: true };
    }
    const maxRedirects = this.options.maxRedirects ?? 3;
    try {
      for (let hop = 0; ; hop++) {
        const response = await this.sendChecked(url, request, lookup, policy, signal, hop > 0);
        const status = response.statusCode ?? 0;
        const answer = await readAnswer(response, signal);
        if (status >= 200 && status < 300) return { delivered: true, status };
        const location = response.headers.location;
        if (FOLLOWED_REDIRECTS.has(status) && location) {
          if (hop >= maxRedirects) return { delivered: false, status, reason: `Too many redirects (more than ${maxRedirects})`, permanent: false };
          url = parseFetchUrl(location, url);
          continue;
        }
        if (OTHER_REDIRECTS.has(status)) {
          return {
            delivered: false,
            status,
            reason: `The receiver answered ${status} (a redirect to ${location ?? 'nowhere'}); webhooks follow only 307 and 308, so set webhook_url to the final URL`,
            permanent: false,
          };
        }
        return { delivered: false, status, reason: `The receiver answered ${status}${answer ? `: ${answer}` : ''}`, permanent: false };
      }
    } catch (err) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (deadline.aborted)
        return { delivered: false, status: null, reason: `The receiver did not answer within ${request.timeoutMs / 1000} s`, permanent: false };
      const explained = err instanceof FetchRefused ? err : explainNetworkError(err, url.host);
      return {
        delivered: false,
        status: null,
        reason: explained.message.replace('only public addresses can be fetched', 'webhooks are only sent to public addresses'),
        permanent: refused,
      };
    }
  }

  /** Judges a literal IP before sending (names are judged by the lookup); a refused redirect hop is named. */
  private async sendChecked(
    url: URL,
    request: WebhookRequest,
    lookup: ReturnType<typeof createGuardedLookup>,
    policy: AddressPolicy,
    signal: AbortSignal,
    redirected: boolean,
  ): Promise<IncomingMessage> {
    try {
      checkLiteralHost(url.hostname, policy);
      return await this.send(url, request, lookup, signal);
    } catch (err) {
      throw redirected && err instanceof AddressRefused ? err.onRedirectTo(url) : err;
    }
  }

  private send(url: URL, request: WebhookRequest, lookup: ReturnType<typeof createGuardedLookup>, signal: AbortSignal): Promise<IncomingMessage> {
    const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
    const { client, options } = requestTarget(url, this.agents);
    return new Promise((resolve, reject) => {
      const req = client.request(
        {
          method: request.method ?? 'POST',
          ...options,
          lookup,
          signal,
          headers: { ...request.headers, 'content-length': body.length, 'user-agent': this.options.userAgent ?? 'Clipwright-Webhooks/0.1' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end(body);
    });
  }
}

/** Drains the answer, keeping its start for the reason shown in logs. */
async function readAnswer(response: IncomingMessage, signal: AbortSignal): Promise<string> {
  let kept = '';
  let readBytes = 0;
  for await (const chunk of response) {
    readBytes += (chunk as Buffer).length;
    if (kept.length < KEPT_ANSWER_CHARS) kept += (chunk as Buffer).toString('utf8');
    if (signal.aborted || readBytes > MAX_ANSWER_BYTES) break;
  }
  return kept.replace(/\s+/g, ' ').trim().slice(0, KEPT_ANSWER_CHARS);
}
