export type { WebhookAnswer, WebhookRequest, WebhookSender } from './port.js';
export { HttpWebhookSender, type HttpWebhookSenderOptions } from './http-webhook-sender.js';
export { FakeWebhookSender } from './fake-webhook-sender.js';
export { webhookUrlProblem } from './webhook-url.js';
