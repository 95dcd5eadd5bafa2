import { isTransientStatus, openAiApiRoot, providerMessage, unreachableCause } from '../openai/openai-api.js';
import { parseSse } from './sse.js';
import {
  LlmError,
  type LlmAdapter,
  type LlmFinishReason,
  type LlmFunctionCall,
  type LlmModelInfo,
  type LlmRequest,
  type LlmResult,
  type LlmStreamEvent,
} from './port.js';

export interface RemoteLlmModel {
  /** The name clients send as model_name. */
  name: string;
  /** The provider's model id; default the same as `name`. */
  providerModel?: string;
}

export interface OpenAiCompatibleLlmOptions {
  /** `https://api.example.com` (→ /v1/chat/completions) or `https://host/openai/v1` (→ /chat/completions). */
  baseUrl: string;
  apiKey?: string;
  models: RemoteLlmModel[];
  /** For the whole request, stream included. Default 120 s. */
  timeoutMs?: number;
  /** For tests; default the global fetch. */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 120_000;

type OpenAiMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/**
 * The contract's conversation in chat-completions form: `model` turns become assistant turns,
 * function calls become tool calls with ids, and function responses become tool messages
 * answering the latest unanswered call of that name.
 */
export function toOpenAiMessages(req: Pick<LlmRequest, 'messages' | 'systemInstruction'>): OpenAiMessage[] {
  const out: OpenAiMessage[] = [];
  if (req.systemInstruction?.trim()) out.push({ role: 'system', content: req.systemInstruction });
  const open = new Map<string, string[]>();
  let n = 0;
  for (const m of req.messages) {
    if (m.role === 'model') {
      if (m.functionCall) {
        const id = `call_${++n}`;
        (open.get(m.functionCall.name) ?? open.set(m.functionCall.name, []).get(m.functionCall.name)!).push(id);
        out.push({
          role: 'assistant',
          content: m.content || null,
          tool_calls: [{ id, type: 'function', function: { name: m.functionCall.name, arguments: JSON.stringify(m.functionCall.args ?? {}) } }],
        });
      } else {
        out.push({ role: 'assistant', content: m.content });
      }
      continue;
    }
    if (m.functionResponse) {
      const id = open.get(m.functionResponse.name)?.shift() ?? `call_${++n}`;
      out.push({
        role: 'tool',
        tool_call_id: id,
        content: typeof m.functionResponse.response === 'string' ? m.functionResponse.response : JSON.stringify(m.functionResponse.response ?? null),
      });
      if (m.content.trim()) out.push({ role: 'user', content: m.content });
      continue;
    }
    out.push({ role: 'user', content: m.content });
  }
  return out;
}

/** The request body; `top_k` has no chat-completions equivalent and is not sent. */
export function chatCompletionBody(req: LlmRequest, providerModel: string, stream: boolean): Record<string, unknown> {
  const c = req.config ?? {};
  const body: Record<string, unknown> = { model: providerModel, messages: toOpenAiMessages(req) };
  if (c.temperature !== undefined) body.temperature = c.temperature;
  if (c.topP !== undefined) body.top_p = c.topP;
  if (c.maxOutputTokens !== undefined) body.max_tokens = c.maxOutputTokens;
  if (c.presencePenalty !== undefined) body.presence_penalty = c.presencePenalty;
  if (c.frequencyPenalty !== undefined) body.frequency_penalty = c.frequencyPenalty;
  if (c.seed !== undefined) body.seed = c.seed;
  if (c.stopSequences?.length) body.stop = c.stopSequences.slice(0, 4);
  if (c.responseMimeType === 'application/json') {
    body.response_format = c.responseJsonSchema
      ? { type: 'json_schema', json_schema: { name: 'response', schema: c.responseJsonSchema } }
      : { type: 'json_object' };
  }
  const mode = req.toolConfig?.mode?.toUpperCase();
  const allowed = req.toolConfig?.allowedFunctionNames;
  const tools = (req.tools ?? []).filter((t) => !allowed?.length || allowed.includes(t.name));
  if (tools.length && mode !== 'NONE') {
    body.tools = tools.map((t) => ({
      type: 'function',
      function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters ?? { type: 'object', properties: {} } },
    }));
    if (mode === 'ANY') body.tool_choice = tools.length === 1 ? { type: 'function', function: { name: tools[0]!.name } } : 'required';
    else if (mode === 'AUTO') body.tool_choice = 'auto';
  }
  if (stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}

function finishReasonOf(raw: unknown): LlmFinishReason {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'function_call';
    case 'content_filter':
      return 'content_filter';
    default:
      return raw ? 'other' : 'stop';
  }
}

function parseArgs(raw: unknown): Record<string, unknown> {
  if (raw && typeof raw === 'object') return raw as Record<string, unknown>;
  if (typeof raw !== 'string' || !raw.trim()) return {};
  try {
    const parsed = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? parsed : { value: parsed };
  } catch {
    throw new LlmError(`The provider returned function arguments that are not JSON: ${raw.slice(0, 200)}`, 'unavailable');
  }
}

function usageOf(raw: unknown): LlmResult['usage'] | undefined {
  const u = raw as { prompt_tokens?: number; completion_tokens?: number } | undefined;
  return u && typeof u.prompt_tokens === 'number' ? { inputTokens: u.prompt_tokens, outputTokens: u.completion_tokens ?? 0 } : undefined;
}

/**
 * Any provider that speaks OpenAI's chat completions (OpenAI, vLLM, llama.cpp server, Ollama,
 * LM Studio …). Streaming uses the protocol's SSE (`data: {chunk}` … `data: [DONE]`), passed on
 * as deltas as they arrive.
 */
export class OpenAiCompatibleLlm implements LlmAdapter {
  readonly id = 'remote';
  private readonly byName: Map<string, string>;
  private readonly endpoint: string;

  constructor(private readonly opts: OpenAiCompatibleLlmOptions) {
    this.byName = new Map(opts.models.map((m) => [m.name, m.providerModel ?? m.name]));
    this.endpoint = `${openAiApiRoot(opts.baseUrl)}/chat/completions`;
  }

  models(): LlmModelInfo[] {
    const host = new URL(this.endpoint).host;
    return [...this.byName.entries()].map(([name, providerModel]) => ({
      name,
      description: `${providerModel} at ${host} (OpenAI-compatible chat completions)`,
      provider: 'remote' as const,
    }));
  }

  private async post(req: LlmRequest, stream: boolean): Promise<{ response: Response; signal: AbortSignal }> {
    const providerModel = this.byName.get(req.model);
    if (!providerModel) throw new LlmError(`The remote provider has no model "${req.model}".`, 'rejected');
    const timeout = AbortSignal.timeout(this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    let response: Response;
    try {
      response = await (this.opts.fetch ?? fetch)(this.endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify(chatCompletionBody(req, providerModel, stream)),
        signal,
      });
    } catch (err) {
      throw this.networkError(err, req.signal, timeout);
    }
    if (!response.ok) throw await this.httpError(response);
    return { response, signal };
  }

  private networkError(err: unknown, caller: AbortSignal | undefined, timeout: AbortSignal): LlmError {
    if (err instanceof LlmError) return err;
    if (caller?.aborted) return new LlmError('The generation was stopped.', 'aborted');
    if (timeout.aborted)
      return new LlmError(`The text provider did not answer within ${Math.round((this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s.`, 'timeout');
    return new LlmError(`The text provider at ${new URL(this.endpoint).host} could not be reached (${unreachableCause(err)}).`, 'unavailable');
  }

  private async httpError(response: Response): Promise<LlmError> {
    const message = providerMessage(await response.text().catch(() => ''));
    const transient = isTransientStatus(response.status);
    return new LlmError(
      `The text provider answered ${response.status}${message ? `: ${message}` : ''}`,
      transient ? 'unavailable' : 'rejected',
      response.status,
    );
  }

  async generate(req: LlmRequest): Promise<LlmResult> {
    const { response, signal } = await this.post(req, false);
    let json: {
      choices?: { message?: { content?: string | null; tool_calls?: { function?: { name?: string; arguments?: unknown } }[] }; finish_reason?: string }[];
      usage?: unknown;
    };
    try {
      json = (await response.json()) as typeof json;
    } catch (err) {
      if (signal.aborted) throw this.networkError(err, req.signal, signal);
      throw new LlmError('The text provider answered with something that is not JSON.', 'unavailable');
    }
    const choice = json.choices?.[0];
    if (!choice) throw new LlmError('The text provider answered without a choice.', 'unavailable');
    const functionCalls: LlmFunctionCall[] = (choice.message?.tool_calls ?? [])
      .filter((t) => t.function?.name)
      .map((t) => ({ name: t.function!.name!, args: parseArgs(t.function!.arguments) }));
    const usage = usageOf(json.usage);
    return { text: choice.message?.content ?? '', functionCalls, finishReason: finishReasonOf(choice.finish_reason), ...(usage ? { usage } : {}) };
  }

  async *stream(req: LlmRequest): AsyncGenerator<LlmStreamEvent> {
    const { response, signal } = await this.post(req, true);
    if (!response.body) throw new LlmError('The text provider sent no stream.', 'unavailable');
    const calls = new Map<number, { name: string; args: string }>();
    let finishReason: LlmFinishReason = 'stop';
    let usage: LlmResult['usage'];
    let done = false;
    try {
      for await (const event of parseSse(response.body as unknown as AsyncIterable<Uint8Array>)) {
        if (event.data === '[DONE]') {
          done = true;
          break;
        }
        if (!event.data.trim()) continue;
        let chunk: {
          choices?: {
            delta?: { content?: string | null; tool_calls?: { index?: number; function?: { name?: string; arguments?: string } }[] };
            finish_reason?: string | null;
          }[];
          usage?: unknown;
          error?: { message?: string };
        };
        try {
          chunk = JSON.parse(event.data);
        } catch {
          throw new LlmError(`The text provider sent a stream event that is not JSON: ${event.data.slice(0, 120)}`, 'unavailable');
        }
        if (chunk.error) throw new LlmError(`The text provider failed mid-stream: ${chunk.error.message ?? 'unknown error'}`, 'unavailable');
        usage = usageOf(chunk.usage) ?? usage;
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        if (choice.delta?.content) yield { type: 'delta', text: choice.delta.content };
        for (const t of choice.delta?.tool_calls ?? []) {
          const slot = calls.get(t.index ?? 0) ?? { name: '', args: '' };
          if (t.function?.name) slot.name += t.function.name;
          if (t.function?.arguments) slot.args += t.function.arguments;
          calls.set(t.index ?? 0, slot);
        }
        if (choice.finish_reason) {
          finishReason = finishReasonOf(choice.finish_reason);
          // Some servers close after the finish chunk without [DONE].
          done = true;
        }
      }
    } catch (err) {
      if (err instanceof LlmError) throw err;
      throw this.networkError(err, req.signal, signal);
    }
    if (req.signal?.aborted) throw new LlmError('The generation was stopped.', 'aborted');
    if (!done) throw new LlmError('The text provider closed the stream before finishing.', 'unavailable');
    for (const [, c] of [...calls.entries()].sort((a, b) => a[0] - b[0]))
      if (c.name) yield { type: 'function_call', call: { name: c.name, args: parseArgs(c.args) } };
    yield { type: 'finish', finishReason, ...(usage ? { usage } : {}) };
  }
}
