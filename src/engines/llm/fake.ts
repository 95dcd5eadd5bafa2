import { LlmError, type LlmAdapter, type LlmFunctionCall, type LlmModelInfo, type LlmRequest, type LlmResult, type LlmStreamEvent } from './port.js';

export interface FakeReply {
  text?: string;
  functionCalls?: LlmFunctionCall[];
  /** Fail instead of answering. */
  error?: LlmError;
}

/**
 * An in-memory model for tests: answers with what `reply` returns (by default it echoes the last
 * user message), streams it in `chunkSize`-character deltas with an optional pause between them,
 * records every request and honours the abort signal.
 */
export class FakeLlm implements LlmAdapter {
  readonly id = 'fake';
  readonly requests: LlmRequest[] = [];

  constructor(
    private readonly opts: {
      models?: string[];
      reply?: (req: LlmRequest) => FakeReply;
      chunkSize?: number;
      delayMs?: number;
    } = {},
  ) {}

  models(): LlmModelInfo[] {
    return (this.opts.models ?? ['fake-model']).map((name) => ({ name, description: 'In-memory test model', provider: 'fake' as const }));
  }

  private answer(req: LlmRequest): LlmResult {
    this.requests.push(req);
    const reply = this.opts.reply?.(req) ?? { text: `echo: ${[...req.messages].reverse().find((m) => m.role === 'user')?.content ?? ''}` };
    if (reply.error) throw reply.error;
    return { text: reply.text ?? '', functionCalls: reply.functionCalls ?? [], finishReason: reply.functionCalls?.length ? 'function_call' : 'stop' };
  }

  async generate(req: LlmRequest): Promise<LlmResult> {
    if (req.signal?.aborted) throw new LlmError('The generation was stopped.', 'aborted');
    return this.answer(req);
  }

  async *stream(req: LlmRequest): AsyncGenerator<LlmStreamEvent> {
    const result = this.answer(req);
    const size = Math.max(1, this.opts.chunkSize ?? 4);
    for (let i = 0; i < result.text.length; i += size) {
      await new Promise((resolve) => setTimeout(resolve, this.opts.delayMs ?? 0));
      if (req.signal?.aborted) throw new LlmError('The generation was stopped.', 'aborted');
      yield { type: 'delta', text: result.text.slice(i, i + size) };
    }
    for (const call of result.functionCalls) yield { type: 'function_call', call };
    yield { type: 'finish', finishReason: result.finishReason };
  }
}
