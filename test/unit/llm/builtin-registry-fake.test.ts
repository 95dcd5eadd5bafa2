import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { BuiltinLlm } from '../../../src/engines/llm/builtin.js';
import { FakeLlm } from '../../../src/engines/llm/fake.js';
import { collectStream, LlmError, type LlmRequest } from '../../../src/engines/llm/port.js';
import { LlmRegistry } from '../../../src/engines/llm/registry.js';
import { BUILTIN_TEXT_MODELS } from '../../../src/pipelines/text/models/built-in-models.js';

const builtin = new BuiltinLlm(BUILTIN_TEXT_MODELS);
const ask = (model: string, content: string, extra: Partial<LlmRequest> = {}): LlmRequest => ({ model, messages: [{ role: 'user', content }], ...extra });
const LAMP =
  'Write a 30 second script for the Aurora Sunrise Lamp, a warm sunrise lamp that wakes you gently. Dimmable, quiet and easy to set up. Price: 49.90 EUR';

describe('built-in adapter', () => {
  it('lists its models with descriptions', () => {
    expect(builtin.models().map((m) => m.name)).toEqual(['clipwright-ad-copy', 'clipwright-script', 'clipwright-headlines', 'clipwright-summary']);
    expect(builtin.models().every((m) => m.provider === 'builtin' && m.description.length > 40)).toBe(true);
  });

  it('streams the same text it generates, a few words per delta', async () => {
    const whole = await builtin.generate(ask('clipwright-script', LAMP));
    const events = [];
    for await (const e of builtin.stream(ask('clipwright-script', LAMP))) events.push(e);
    const deltas = events.filter((e) => e.type === 'delta') as { text: string }[];
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.map((d) => d.text).join('')).toBe(whole.text);
    expect(deltas.every((d) => d.text.trim().split(/\s+/).length <= 3)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(whole.text).toContain('Aurora Sunrise Lamp');
  });

  it('applies stop sequences and the output-token limit', async () => {
    const full = await builtin.generate(ask('clipwright-script', LAMP));
    const word = full.text.split(/\s+/)[5]!;
    const stopped = await builtin.generate(ask('clipwright-script', LAMP, { config: { stopSequences: [word] } }));
    expect(stopped.text).toBe(full.text.slice(0, full.text.indexOf(word)));
    const short = await builtin.generate(ask('clipwright-script', LAMP, { config: { maxOutputTokens: 10 } }));
    expect(short.finishReason).toBe('length');
    expect(short.text.length).toBeLessThanOrEqual(40);
    expect(full.text.startsWith(short.text)).toBe(true);
  });

  it('stops streaming when aborted and refuses forced function calls', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const err = await (async () => {
      for await (const e of builtin.stream(ask('clipwright-script', LAMP, { signal: controller.signal }))) {
        if (e.type === 'delta') seen.push(e.text);
        if (seen.length === 2) controller.abort();
      }
    })().catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('aborted');
    expect(seen).toHaveLength(2);
    await expect(builtin.generate(ask('clipwright-ad-copy', LAMP, { tools: [{ name: 'f' }], toolConfig: { mode: 'ANY' } }))).rejects.toMatchObject({
      kind: 'rejected',
    });
  });
});

describe('registry', () => {
  it('maps model names to adapters and names the available ones for an unknown model', () => {
    const fake = new FakeLlm({ models: ['fake-a', 'clipwright-script'] });
    const registry = new LlmRegistry([builtin, fake]);
    expect(registry.resolve('clipwright-script')).toBe(builtin);
    expect(registry.resolve('fake-a')).toBe(fake);
    let err: unknown;
    try {
      registry.resolve('gpt-9');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fields.model_name![0]).toBe(
      'Unknown model "gpt-9". Available models: clipwright-ad-copy, clipwright-script, clipwright-headlines, clipwright-summary, fake-a.',
    );
  });
});

describe('fake', () => {
  it('echoes, records, chunks, fails on demand and honours abort', async () => {
    const fake = new FakeLlm({ chunkSize: 3 });
    expect((await fake.generate(ask('fake-model', 'hello'))).text).toBe('echo: hello');
    expect(await collectStream(fake.stream(ask('fake-model', 'abc')))).toMatchObject({ text: 'echo: abc', finishReason: 'stop' });
    expect(fake.requests).toHaveLength(2);
    const failing = new FakeLlm({ reply: () => ({ error: new LlmError('down', 'unavailable') }) });
    await expect(failing.generate(ask('fake-model', 'x'))).rejects.toMatchObject({ transient: true });
    const controller = new AbortController();
    controller.abort();
    await expect(fake.generate(ask('fake-model', 'x', { signal: controller.signal }))).rejects.toMatchObject({ kind: 'aborted' });
  });
});
