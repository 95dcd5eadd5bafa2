import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from '../../../src/api/idempotency/request-fingerprint.js';

const base = { method: 'POST', route: '/api/text_to_speech/', params: {}, uploads: new Map() };

describe('request fingerprint of an idempotency key', () => {
  it('sorts object members at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(requestFingerprint({ ...base, body: { text: 'x', voice_id: 'v' } })).toBe(requestFingerprint({ ...base, body: { voice_id: 'v', text: 'x' } }));
    expect(requestFingerprint({ ...base, body: { a: [1, 2] } })).not.toBe(requestFingerprint({ ...base, body: { a: [2, 1] } }));
  });

  it('tells endpoints, path ids and value types apart', () => {
    const body = { text: 'x' };
    expect(requestFingerprint({ ...base, body })).not.toBe(requestFingerprint({ ...base, route: '/api/lipsyncs/', body }));
    const render = { ...base, route: '/api/lipsyncs/:id/render/', body: {} };
    expect(requestFingerprint({ ...render, params: { id: 'a' } })).not.toBe(requestFingerprint({ ...render, params: { id: 'b' } }));
    expect(requestFingerprint({ ...base, body: { n: 1 } })).not.toBe(requestFingerprint({ ...base, body: { n: '1' } }));
  });

  it('takes a missing body and an empty object as the same body (follow-ups are sent both ways)', () => {
    const render = { ...base, route: '/api/lipsyncs/:id/render/', params: { id: 'a' } };
    expect(requestFingerprint({ ...render, body: undefined })).toBe(requestFingerprint({ ...render, body: {} }));
    expect(requestFingerprint({ ...render, body: {} })).not.toBe(requestFingerprint({ ...render, body: { x: 1 } }));
  });

  it('counts an uploaded file by its content digest, not the value the parser put in the field', () => {
    const digest = { sha256: 'ab'.repeat(32), sizeBytes: 10 };
    const first = requestFingerprint({ ...base, body: { audio_url: 'upload:uploads/1/a.wav' }, uploads: new Map([['upload:uploads/1/a.wav', digest]]) });
    const repeat = requestFingerprint({ ...base, body: { audio_url: 'upload:uploads/2/a.wav' }, uploads: new Map([['upload:uploads/2/a.wav', digest]]) });
    const otherFile = requestFingerprint({
      ...base,
      body: { audio_url: 'upload:uploads/3/a.wav' },
      uploads: new Map([['upload:uploads/3/a.wav', { ...digest, sha256: 'cd'.repeat(32) }]]),
    });
    expect(repeat).toBe(first);
    expect(otherFile).not.toBe(first);
  });
});
