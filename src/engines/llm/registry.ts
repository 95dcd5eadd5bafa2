import { ValidationError } from '../../core/errors.js';
import type { LlmAdapter, LlmModelInfo } from './port.js';

/** model_name → the adapter that serves it. The first adapter to offer a name keeps it. */
export class LlmRegistry {
  private readonly byModel = new Map<string, { adapter: LlmAdapter; info: LlmModelInfo }>();

  constructor(adapters: readonly LlmAdapter[]) {
    for (const adapter of adapters) {
      for (const info of adapter.models()) if (!this.byModel.has(info.name)) this.byModel.set(info.name, { adapter, info });
    }
  }

  models(): LlmModelInfo[] {
    return [...this.byModel.values()].map((m) => m.info);
  }

  names(): string[] {
    return [...this.byModel.keys()];
  }

  find(modelName: string): LlmAdapter | undefined {
    return this.byModel.get(modelName)?.adapter;
  }

  /** The adapter for a model; an unknown name is a 400 on `field` that lists the models there are. */
  resolve(modelName: string, field = 'model_name'): LlmAdapter {
    const found = this.find(modelName);
    if (!found) throw ValidationError.field(field, `Unknown model "${modelName}". Available models: ${this.names().join(', ')}.`);
    return found;
  }
}
