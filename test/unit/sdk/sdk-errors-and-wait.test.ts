import { describe, expect, it } from 'vitest';
import { ClipwrightError, TaskFailedError, waitUntilSettled, WaitTimeoutError, webhookSignature, type Settling } from '../../../packages/sdk/src/index.js';
import { webhookSignature as serviceSignature } from '../../../src/domain/webhooks/signature.js';

const response = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

describe('ClipwrightError from the contract error bodies', () => {
  it('keeps a 400 field map and summarises it', () => {
    const e = ClipwrightError.from(response(400, { 'x-request-id': 'r1' }), { voice_id: ['Unknown voice.'], non_field_errors: ['Bad JSON.'] });
    expect([e.status, e.code, e.requestId]).toEqual([400, 'invalid', 'r1']);
    expect(e.fields).toEqual({ voice_id: ['Unknown voice.'], non_field_errors: ['Bad JSON.'] });
    expect(e.detail).toBe('voice_id: Unknown voice.; Bad JSON.');
  });

  it('takes detail, code and Retry-After from other statuses, and survives a non-JSON body', () => {
    const throttled = ClipwrightError.from(response(429, { 'retry-after': '3' }), { detail: 'Slow down.', code: 'throttled' });
    expect([throttled.code, throttled.detail, throttled.retryAfterSeconds, throttled.fields]).toEqual(['throttled', 'Slow down.', 3, {}]);
    const proxy = ClipwrightError.from(response(502), '<html>Bad gateway</html>');
    expect([proxy.status, proxy.code, proxy.detail]).toEqual([502, 'http_error', '<html>Bad gateway</html>']);
  });
});

describe('waitUntilSettled', () => {
  const states = (...list: Settling[]) => {
    let i = 0;
    return async () => list[Math.min(i++, list.length - 1)]!;
  };

  it('reports each change once and returns the settled state', async () => {
    const seen: string[] = [];
    const done = await waitUntilSettled(
      states(
        { id: 't', status: 'pending', progress: 0 },
        { id: 't', status: 'pending', progress: 0 },
        { id: 't', status: 'processing', progress: 40 },
        { id: 't', status: 'done', progress: 100 },
      ),
      { intervalMs: 1, onProgress: (s) => seen.push(`${s.status}:${s.progress}`) },
    );
    expect(done.status).toBe('done');
    expect(seen).toEqual(['pending:0', 'processing:40', 'done:100']);
  });

  it('throws TaskFailedError for a failed task unless allowFailed', async () => {
    const failed = { id: 't', status: 'failed', failed_reason: 'The page could not be read.' };
    await expect(waitUntilSettled(states(failed), { intervalMs: 1 })).rejects.toThrow(TaskFailedError);
    await expect(waitUntilSettled(states(failed), { intervalMs: 1 })).rejects.toThrow('The page could not be read.');
    expect((await waitUntilSettled(states(failed), { allowFailed: true })).status).toBe('failed');
  });

  it('waits out a 429 by its Retry-After instead of failing', async () => {
    let calls = 0;
    const read = async () => {
      calls++;
      if (calls === 1) throw ClipwrightError.from(response(429, { 'retry-after': '0.05' }), { detail: 'Slow down.', code: 'throttled' });
      return { id: 't', status: 'done' };
    };
    expect((await waitUntilSettled(read, { intervalMs: 1 })).status).toBe('done');
    expect(calls).toBe(2);
  });

  it('gives up at its timeout with the last state seen', async () => {
    const err = await waitUntilSettled(states({ id: 't', status: 'processing', progress: 10 }), { timeoutMs: 30, intervalMs: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect((err as WaitTimeoutError).task).toMatchObject({ id: 't', progress: 10 });
  });
});

describe('webhookSignature', () => {
  it('is the service signature, byte for byte, for text outside ASCII too', async () => {
    const body = JSON.stringify({ id: 'x', text: 'Grüße — 你好' });
    expect(await webhookSignature('s3cret', '1700000000', body)).toBe(serviceSignature('s3cret', '1700000000', body));
    expect(await webhookSignature('s3cret', '1700000000', new TextEncoder().encode(body))).toBe(serviceSignature('s3cret', '1700000000', body));
  });
});
