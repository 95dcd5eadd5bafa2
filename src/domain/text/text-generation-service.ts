import type {
  LlmConfig,
  LlmFunctionCall,
  LlmFunctionDeclaration,
  LlmMessage,
  LlmRequest,
  LlmResult,
  LlmStreamEvent,
  LlmToolConfig,
} from '../../engines/llm/port.js';
import { LlmError } from '../../engines/llm/port.js';
import type { LlmRegistry } from '../../engines/llm/registry.js';
import { TaskFailure, ValidationError } from '../../core/errors.js';
import type { Store } from '../../core/store.js';
import type { InlineTasks } from '../tasks/inline-tasks.js';
import type { TaskService } from '../tasks/task-service.js';
import { TaskGroupService } from '../tasks/task-group-service.js';
import { waitForTask } from '../tasks/wait-for-task.js';
import type { Task } from '../../core/task.js';
import { textGenerationKind, type TextGenerationInput } from './text-generation-kind.js';

export const TEXT_GENERATION_KIND = textGenerationKind.kind;
export const TEXT_GENERATION_JOB = textGenerationKind.jobs.generate;

export interface TextGenerationRequest {
  modelName: string;
  messages: LlmMessage[];
  systemInstruction: string;
  config: LlmConfig;
  tools: LlmFunctionDeclaration[];
  toolConfig: LlmToolConfig | null;
  webhookUrl?: string | null;
}

const SYNC_POLL_MS = 100;

/** The request the task was created with, back in port form. */
export function requestOf(task: Task, signal?: AbortSignal): LlmRequest {
  const i = textGenerationKind.inputOf(task);
  return {
    model: i.modelName,
    messages: i.messages,
    systemInstruction: i.systemInstruction,
    config: i.config,
    tools: i.tools,
    ...(i.toolConfig ? { toolConfig: i.toolConfig } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** A generation failure as a task failure: what the provider said, and whether to try again. */
export function generationFailure(err: unknown, modelName: string): TaskFailure {
  if (err instanceof LlmError) {
    if (err.kind === 'rejected') return new TaskFailure(`The model ${modelName} refused the request: ${err.message}`);
    if (err.kind === 'aborted') return new TaskFailure('The generation was stopped before it finished.', true);
    return new TaskFailure(`The model ${modelName} is unavailable right now (${err.message}). Try again later.`, true);
  }
  if (err instanceof TaskFailure) return err;
  return new TaskFailure(`The model ${modelName} failed with an internal error.`, true);
}

/** What a finished text task stores. */
export function generationResult(r: LlmResult): Record<string, unknown> {
  return textGenerationKind.resultPatch({ responseText: r.text, functionCalls: r.functionCalls, finishReason: r.finishReason, usage: r.usage ?? null });
}

/**
 * Text Generator: asynchronous (a queued job; poll the task), synchronous (the same job, the
 * request waits for it), and streamed (run in this process, deltas passed to the caller as the
 * model produces them; the task is saved like any other).
 */
export class TextGenerationService extends TaskGroupService {
  constructor(
    tasks: TaskService,
    private readonly inline: InlineTasks,
    private readonly store: Store,
    private readonly models: LlmRegistry,
    private readonly priceMillicredits: number,
    private readonly syncTimeoutMs: number,
  ) {
    super(tasks, [TEXT_GENERATION_KIND], 'TextGeneration');
  }

  /** Validates a request before anything is held: the model, the conversation, the tools. */
  private validate(req: TextGenerationRequest): void {
    this.models.resolve(req.modelName, 'model_name');
    if (!req.messages.length) throw ValidationError.field('messages', 'This list may not be empty.');
    req.messages.forEach((m, i) => {
      if (!m.content.trim() && !m.functionCall && !m.functionResponse) throw ValidationError.field(`messages.${i}.content`, 'This field may not be blank.');
    });
    const names = new Set<string>();
    req.tools.forEach((t, i) => {
      if (!/^[A-Za-z_][\w.-]{0,63}$/.test(t.name))
        throw ValidationError.field(`tools.${i}.name`, 'A function name is letters, digits, _ . - (up to 64), not starting with a digit.');
      if (names.has(t.name)) throw ValidationError.field(`tools.${i}.name`, `The function "${t.name}" is declared twice.`);
      names.add(t.name);
    });
    for (const name of req.toolConfig?.allowedFunctionNames ?? []) {
      if (!names.has(name))
        throw ValidationError.field('tool_config.function_calling_config.allowed_function_names', `"${name}" is not one of the declared functions.`);
    }
  }

  private input(req: TextGenerationRequest): TextGenerationInput {
    return {
      modelName: req.modelName,
      messages: req.messages,
      systemInstruction: req.systemInstruction,
      config: req.config,
      tools: req.tools,
      toolConfig: req.toolConfig,
    };
  }

  private price(input: TextGenerationInput): number {
    return textGenerationKind.price('generate', input, { millicredits: this.priceMillicredits });
  }

  /** 201 pending; a worker generates it. */
  /** The models a request may name. */
  modelNames(): string[] {
    return this.models.names();
  }

  async createAsync(accountId: string, req: TextGenerationRequest): Promise<Task> {
    return (await this.createQueued(accountId, req)).task;
  }

  private async createQueued(accountId: string, req: TextGenerationRequest): Promise<{ task: Task; handedOver: boolean }> {
    this.validate(req);
    const input = this.input(req);
    return this.tasks.createAndHandOver(
      textGenerationKind.newTask({
        accountId,
        input,
        job: 'generate',
        step: 'generate',
        estimate: { millicredits: this.priceMillicredits },
        webhookUrl: req.webhookUrl ?? null,
      }),
    );
  }

  /**
   * The same job, waited for: answers when the task is done or failed (a slow model past the
   * wait answers with the task still processing; it finishes anyway and can be polled). When
   * the queue did not take the job (an outage), it answers at once with the pending task: the
   * job waits in the outbox, and waiting for it would hold the connection for the outage.
   */
  async createSync(accountId: string, req: TextGenerationRequest, signal?: AbortSignal): Promise<Task> {
    const { task: created, handedOver } = await this.createQueued(accountId, req);
    if (!handedOver) return created;
    return waitForTask(this.store.tasks, created, this.syncTimeoutMs, SYNC_POLL_MS, signal);
  }

  /** Validates, holds and saves the task (processing) before any byte of the stream is sent. */
  async startStream(accountId: string, req: TextGenerationRequest): Promise<Task> {
    this.validate(req);
    const input = this.input(req);
    return this.inline.start({
      accountId,
      kind: textGenerationKind.kind,
      input: { ...input },
      holdMillicredits: this.price(input),
      webhookUrl: req.webhookUrl ?? null,
    });
  }

  /**
   * Runs a started task's generation here, handing each text delta to `onDelta` as it comes,
   * and finishes the task: done with the whole text, or failed with the reason. While it runs,
   * the task's lease is renewed (`InlineTasks`), so if this process dies the lease sweep fails it.
   */
  async runStream(task: Task, opts: { onDelta: (text: string) => Promise<void> | void; signal?: AbortSignal }): Promise<Task> {
    // The generation also stops if this process lost the task (stalled past its lease and failed
    // by the sweep): nothing it produced could be saved.
    const signals = [opts.signal, this.inline.lostSignal(task.id)].filter((s): s is AbortSignal => s !== undefined);
    const req = requestOf(task, signals.length > 1 ? AbortSignal.any(signals) : signals[0]);
    let text = '';
    const functionCalls: LlmFunctionCall[] = [];
    let finish: Extract<LlmStreamEvent, { type: 'finish' }> | null = null;
    try {
      const adapter = this.models.find(req.model);
      if (!adapter) throw new LlmError(`The model ${req.model} is no longer offered.`, 'rejected');
      for await (const event of adapter.stream(req)) {
        if (event.type === 'delta') {
          text += event.text;
          await opts.onDelta(event.text);
        } else if (event.type === 'function_call') functionCalls.push(event.call);
        else finish = event;
      }
    } catch (err) {
      return this.inline.fail(task.id, generationFailure(err, req.model).reason);
    }
    const result = generationResult({ text, functionCalls, finishReason: finish?.finishReason ?? 'stop', ...(finish?.usage ? { usage: finish.usage } : {}) });
    return this.inline.finish(task.id, result, this.price(textGenerationKind.inputOf(task)));
  }
}
