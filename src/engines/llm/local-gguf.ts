import { access, constants } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { ChatHistoryItem, Llama, LlamaContext, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { LlmError, type LlmAdapter, type LlmFinishReason, type LlmModelInfo, type LlmRequest, type LlmResult, type LlmStreamEvent } from './port.js';

export interface LocalGgufLlmOptions {
  /** A GGUF file (LLM_MODEL_PATH). */
  modelPath: string;
  /** The name clients and writers use; default the file's name without `.gguf`. */
  name?: string;
  /** For one generation, loading included. Default 60 s. */
  timeoutMs?: number;
  /**
   * CPU threads; default (0) half the machine's cores, at least one: llama.cpp's threads spin-wait
   * for each other, so on cores busy with renders more threads is slower (measured on 2 shared cores:
   * 45 tokens/s with one thread, 3.5 with two).
   */
  threads?: number;
  /** Tokens of prompt plus answer. Default 4096. */
  contextSize?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
}

/**
 * A GGUF model run in this process by llama.cpp (node-llama-cpp's prebuilt CPU binary). Nothing of
 * node-llama-cpp is imported before the first generation, so a service without a model pays
 * nothing. One generation at a time (one context sequence): requests queue in order. An answer
 * with a JSON schema is held to it by a grammar while it is generated, so it always parses when the
 * model finishes (a cut by the token limit is reported as finish reason `length`).
 */
export class LocalGgufLlm implements LlmAdapter {
  readonly id = 'local';
  readonly name: string;
  private loaded: Promise<Loaded> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();

  constructor(private readonly opts: LocalGgufLlmOptions) {
    this.name = opts.name ?? basename(opts.modelPath).replace(/\.gguf$/i, '');
  }

  models(): LlmModelInfo[] {
    return [{ name: this.name, description: `Local GGUF model (${basename(this.opts.modelPath)}), run on this machine by llama.cpp.`, provider: 'local' }];
  }

  /** Loads the model now (it is otherwise loaded by the first generation). */
  async load(): Promise<void> {
    await this.model();
  }

  private model(): Promise<Loaded> {
    this.loaded ??= loadModel(this.opts).catch((err: unknown) => {
      this.loaded = null;
      throw err instanceof LlmError ? err : new LlmError(`The local model ${this.opts.modelPath} could not be loaded: ${messageOf(err)}`, 'unavailable');
    });
    return this.loaded;
  }

  async dispose(): Promise<void> {
    const loaded = await this.loaded?.catch(() => null);
    this.loaded = null;
    if (loaded) await loaded.llama.dispose();
  }

  async generate(req: LlmRequest): Promise<LlmResult> {
    return this.run(req, undefined);
  }

  async *stream(req: LlmRequest): AsyncGenerator<LlmStreamEvent> {
    const pending: string[] = [];
    let wake: (() => void) | null = null;
    let settled = false;
    const done = this.run(req, (text) => {
      pending.push(text);
      wake?.();
    }).finally(() => {
      settled = true;
      wake?.();
    });
    // A failure is thrown where the stream is read (below), never left unhandled meanwhile.
    done.catch(() => {});
    while (!settled || pending.length) {
      if (!pending.length) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      while (pending.length) yield { type: 'delta', text: pending.shift()! };
    }
    const result = await done;
    yield { type: 'finish', finishReason: result.finishReason, ...(result.usage ? { usage: result.usage } : {}) };
  }

  /** Runs after every earlier request, within the time limit counted from now (the wait included). */
  private run(req: LlmRequest, onText: ((text: string) => void) | undefined): Promise<LlmResult> {
    if (req.model !== this.name) return Promise.reject(new LlmError(`The local engine has no model "${req.model}".`, 'rejected'));
    if (req.toolConfig?.mode?.toUpperCase() === 'ANY') {
      return Promise.reject(new LlmError(`${req.model} is a local model without function calling here; use a remote model for function calling.`, 'rejected'));
    }
    const timeoutMs = this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const stopped = () =>
      req.signal?.aborted
        ? new LlmError('The generation was stopped.', 'aborted')
        : new LlmError(`The local model did not answer within ${Math.round(timeoutMs / 1000)} s.`, 'timeout');
    const turn = this.queue.then(async () => {
      if (signal.aborted) throw stopped();
      const loaded = await untilAborted(this.model(), signal, stopped);
      return this.answer(loaded, req, signal, stopped, onText);
    });
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async answer(
    { llama, model, context }: Loaded,
    req: LlmRequest,
    signal: AbortSignal,
    stopped: () => LlmError,
    onText: ((text: string) => void) | undefined,
  ): Promise<LlmResult> {
    const { LlamaChatSession } = await import('node-llama-cpp');
    const c = req.config ?? {};
    const schema = c.responseMimeType === 'application/json' && c.responseJsonSchema ? c.responseJsonSchema : null;
    const grammar = schema ? await this.grammarFor(llama, schema) : c.responseMimeType === 'application/json' ? await llama.getGrammarFor('json') : undefined;
    const { history, prompt } = chatOf(req);
    const sequence = context.getSequence();
    const session = new LlamaChatSession({ contextSequence: sequence, autoDisposeSequence: false });
    try {
      session.setChatHistory(history);
      const answer = await session.promptWithMeta(prompt, {
        ...(grammar ? { grammar } : {}),
        ...(c.maxOutputTokens ? { maxTokens: c.maxOutputTokens } : {}),
        ...(c.temperature !== undefined ? { temperature: c.temperature } : {}),
        ...(c.topK !== undefined ? { topK: c.topK } : {}),
        ...(c.topP !== undefined ? { topP: c.topP } : {}),
        ...(c.seed !== undefined ? { seed: c.seed } : {}),
        ...(c.stopSequences?.length ? { customStopTriggers: c.stopSequences.filter(Boolean) } : {}),
        ...(onText ? { onTextChunk: onText } : {}),
        signal,
        stopOnAbortSignal: false,
      });
      const text = answer.responseText;
      const inputTokens = model.tokenize(`${req.systemInstruction ?? ''}\n${req.messages.map((m) => m.content).join('\n')}`).length;
      return { text, functionCalls: [], finishReason: finishOf(answer.stopReason), usage: { inputTokens, outputTokens: model.tokenize(text).length } };
    } catch (err) {
      if (signal.aborted) throw stopped();
      throw err instanceof LlmError ? err : new LlmError(`The local model failed: ${messageOf(err)}`, 'unavailable');
    } finally {
      session.dispose({ disposeSequence: false });
      await sequence.dispose();
    }
  }

  /** A schema the grammar builder refuses is the caller's mistake: `rejected`, with llama.cpp's reason. */
  private grammarFor(llama: Llama, schema: unknown): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (!grammar) {
      grammar = Promise.resolve()
        .then(() => llama.createGrammarForJsonSchema(schema as Parameters<Llama['createGrammarForJsonSchema']>[0]))
        .catch((err: unknown) => {
          this.grammars.delete(key);
          throw new LlmError(`The local model cannot follow this JSON schema: ${messageOf(err)}`, 'rejected');
        });
      this.grammars.set(key, grammar);
    }
    return grammar;
  }
}

async function loadModel(opts: LocalGgufLlmOptions): Promise<Loaded> {
  // Said before llama.cpp is loaded at all: the common mistake, in the setting's own words.
  await access(opts.modelPath, constants.R_OK).catch(() => {
    throw new LlmError(`LLM_MODEL_PATH ${opts.modelPath} is not a readable file.`, 'unavailable');
  });
  // Only the prebuilt CPU binary: never a download or a build from source at run time.
  const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
  const llama = await getLlama({ gpu: false, build: 'never', skipDownload: true, logLevel: LlamaLogLevel.error, logger: () => {} });
  try {
    const model = await llama.loadModel({ modelPath: opts.modelPath });
    const threads = opts.threads || Math.max(1, Math.floor(availableParallelism() / 2));
    const context = await model.createContext({ contextSize: opts.contextSize ?? 4096, threads });
    return { llama, model, context };
  } catch (err) {
    await llama.dispose();
    throw err;
  }
}

/** The contract's conversation as llama.cpp chat history; the last user turn is the prompt. */
function chatOf(req: LlmRequest): { history: ChatHistoryItem[]; prompt: string } {
  const history: ChatHistoryItem[] = [];
  if (req.systemInstruction?.trim()) history.push({ type: 'system', text: req.systemInstruction });
  const messages = [...req.messages];
  const last = messages.at(-1);
  const prompt = last && last.role === 'user' ? (messages.pop()!.content ?? '') : '';
  for (const m of messages) {
    const text = m.functionResponse ? `${m.content}\n${JSON.stringify(m.functionResponse.response ?? null)}`.trim() : m.content;
    if (m.role === 'user') history.push({ type: 'user', text });
    else history.push({ type: 'model', response: [m.functionCall ? `${text}\n${JSON.stringify(m.functionCall)}`.trim() : text] });
  }
  return { history, prompt };
}

function finishOf(stopReason: string): LlmFinishReason {
  if (stopReason === 'maxTokens') return 'length';
  if (stopReason === 'eogToken' || stopReason === 'stopGenerationTrigger' || stopReason === 'customStopTrigger') return 'stop';
  return 'other';
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal, stopped: () => LlmError): Promise<T> {
  if (signal.aborted) return Promise.reject(stopped());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stopped());
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
