import {
  estimateTokens,
  LlmError,
  type BuiltinTextModel,
  type LlmAdapter,
  type LlmFinishReason,
  type LlmModelInfo,
  type LlmRequest,
  type LlmResult,
  type LlmStreamEvent,
} from './port.js';

/** Words per streamed delta: small enough to look live, large enough not to flood the client. */
const WORDS_PER_DELTA = 3;

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new LlmError('The generation was stopped.', 'aborted');
}

/**
 * The service's own text models behind the port. They compute the whole answer at once (they
 * are fast pure functions); streaming hands it out a few words at a time, yielding to the event
 * loop between deltas so a closed connection stops it.
 */
export class BuiltinLlm implements LlmAdapter {
  readonly id = 'builtin';
  private readonly byName: Map<string, BuiltinTextModel>;

  constructor(builtins: readonly BuiltinTextModel[]) {
    this.byName = new Map(builtins.map((m) => [m.name, m]));
  }

  models(): LlmModelInfo[] {
    return [...this.byName.values()].map((m) => ({ name: m.name, description: m.description, provider: 'builtin' as const }));
  }

  private run(req: LlmRequest): LlmResult {
    const model = this.byName.get(req.model);
    if (!model) throw new LlmError(`The built-in engine has no model "${req.model}".`, 'rejected');
    if (req.toolConfig?.mode?.toUpperCase() === 'ANY') {
      throw new LlmError(`${req.model} is a built-in template model and cannot call functions; use a remote model for function calling.`, 'rejected');
    }
    let { text } = model.generate(req);
    let finishReason: LlmFinishReason = 'stop';
    for (const stop of req.config?.stopSequences ?? []) {
      const at = stop ? text.indexOf(stop) : -1;
      if (at >= 0) text = text.slice(0, at);
    }
    const max = req.config?.maxOutputTokens;
    // JSON answers are never cut: half an object is of no use to anyone.
    if (max && max > 0 && req.config?.responseMimeType !== 'application/json' && estimateTokens(text) > max) {
      const cut = text.slice(0, max * 4);
      const lastSpace = cut.search(/\s\S*$/);
      text = (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd();
      finishReason = 'length';
    }
    const inputTokens = estimateTokens(`${req.systemInstruction ?? ''}${req.messages.map((m) => m.content).join('\n')}`);
    return { text, functionCalls: [], finishReason, usage: { inputTokens, outputTokens: estimateTokens(text) } };
  }

  async generate(req: LlmRequest): Promise<LlmResult> {
    checkAbort(req.signal);
    return this.run(req);
  }

  async *stream(req: LlmRequest): AsyncGenerator<LlmStreamEvent> {
    checkAbort(req.signal);
    const result = this.run(req);
    const pieces = result.text.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < pieces.length; i += WORDS_PER_DELTA) {
      await new Promise((resolve) => setImmediate(resolve));
      checkAbort(req.signal);
      yield { type: 'delta', text: pieces.slice(i, i + WORDS_PER_DELTA).join('') };
    }
    yield { type: 'finish', finishReason: result.finishReason, ...(result.usage ? { usage: result.usage } : {}) };
  }
}
