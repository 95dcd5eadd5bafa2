/**
 * Text generation: the port every text model sits behind — the built-in models (a copywriter
 * and an extractive summariser, no neural network), any model of a configured OpenAI-compatible
 * chat-completions provider, a local GGUF model (LLM_MODEL_PATH), and an in-memory fake for tests.
 */

/** `model` is the contract's name for the assistant role. */
export type LlmRole = 'user' | 'model';

export interface LlmFunctionCall {
  name: string;
  args: Record<string, unknown>;
}

export interface LlmMessage {
  role: LlmRole;
  content: string;
  /** A call the model made earlier in the conversation. */
  functionCall?: LlmFunctionCall;
  /** What the caller's function answered to such a call. */
  functionResponse?: { name: string; response: unknown };
}

export interface LlmConfig {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  stopSequences?: string[];
  responseMimeType?: 'text/plain' | 'application/json';
  responseJsonSchema?: unknown;
}

export interface LlmFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: unknown;
}

export interface LlmToolConfig {
  /** AUTO, ANY (must call one), NONE. */
  mode?: string;
  allowedFunctionNames?: string[];
}

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  systemInstruction?: string;
  config?: LlmConfig;
  tools?: LlmFunctionDeclaration[];
  toolConfig?: LlmToolConfig;
  signal?: AbortSignal;
}

export type LlmFinishReason = 'stop' | 'length' | 'function_call' | 'content_filter' | 'other';

export interface LlmResult {
  text: string;
  functionCalls: LlmFunctionCall[];
  finishReason: LlmFinishReason;
  usage?: { inputTokens: number; outputTokens: number };
}

/** A stream is text deltas in order, then function calls (if any), then one finish event. */
export type LlmStreamEvent =
  | { type: 'delta'; text: string }
  | { type: 'function_call'; call: LlmFunctionCall }
  | { type: 'finish'; finishReason: LlmFinishReason; usage?: LlmResult['usage'] };

export interface LlmModelInfo {
  name: string;
  description: string;
  provider: 'builtin' | 'remote' | 'local' | 'fake';
}

export interface LlmAdapter {
  readonly id: string;
  models(): LlmModelInfo[];
  generate(req: LlmRequest): Promise<LlmResult>;
  stream(req: LlmRequest): AsyncIterable<LlmStreamEvent>;
}

/**
 * A model the service runs itself: a pure function of the request (pipelines/text provides them).
 * The built-in adapter adds streaming, stop sequences and the output-token limit around it.
 */
export interface BuiltinTextModel {
  name: string;
  description: string;
  generate(req: LlmRequest): { text: string };
}

/**
 * Why a generation failed. `rejected`: the provider refused the request (its message is worth
 * showing); `unavailable`: network or provider trouble, worth a retry; `aborted`: the caller
 * stopped it.
 */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly kind: 'rejected' | 'unavailable' | 'timeout' | 'aborted',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }

  get transient(): boolean {
    return this.kind === 'unavailable' || this.kind === 'timeout';
  }
}

/** Collects a stream into a result (what `generate` is, for adapters that only stream well). */
export async function collectStream(events: AsyncIterable<LlmStreamEvent>): Promise<LlmResult> {
  let text = '';
  const functionCalls: LlmFunctionCall[] = [];
  let finishReason: LlmFinishReason = 'stop';
  let usage: LlmResult['usage'];
  for await (const e of events) {
    if (e.type === 'delta') text += e.text;
    else if (e.type === 'function_call') functionCalls.push(e.call);
    else {
      finishReason = e.finishReason;
      usage = e.usage;
    }
  }
  return { text, functionCalls, finishReason, ...(usage ? { usage } : {}) };
}

/** Rough token count (about four characters a token), for limits and usage of local models. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
