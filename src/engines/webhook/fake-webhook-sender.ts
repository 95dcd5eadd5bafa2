import type { WebhookAnswer, WebhookRequest, WebhookSender } from './port.js';

/** Records every request and answers from a script (default: delivered with 200). */
export class FakeWebhookSender implements WebhookSender {
  readonly requests: WebhookRequest[] = [];
  private readonly script: WebhookAnswer[] = [];

  /** Answers to give, in order, before falling back to 200. */
  answerWith(...answers: WebhookAnswer[]): this {
    this.script.push(...answers);
    return this;
  }

  async post(request: WebhookRequest): Promise<WebhookAnswer> {
    this.requests.push(request);
    return this.script.shift() ?? { delivered: true, status: 200 };
  }
}
