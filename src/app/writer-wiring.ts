import type { Logger } from 'pino';
import { LocalGgufLlm } from '../engines/llm/local-gguf.js';
import { scriptAuthor, type ScriptAuthor } from '../pipelines/text/llm-writer/script-author.js';
import type { Config } from './config.js';

export interface WriterWiring {
  /** The operator's GGUF model (LLM_MODEL_PATH), loaded at its first use; null without one. */
  localLlm: LocalGgufLlm | null;
  /** Who writes every ad script: that model, the built-in copywriter standing in. */
  scriptAuthor: ScriptAuthor;
}

/** One local model for the whole process: the Text Generator offers it by name and the script writers use it. */
export function createWriters(config: Pick<Config, 'llm'>, log: Logger): WriterWiring {
  const local = config.llm.local;
  if (!local) return { localLlm: null, scriptAuthor: scriptAuthor(null) };
  const localLlm = new LocalGgufLlm({ modelPath: local.modelPath, timeoutMs: local.timeoutMs, threads: local.threads });
  const author = scriptAuthor({ adapter: localLlm, model: localLlm.name, timeoutMs: local.timeoutMs }, (r) => {
    if (r.fallbackReason)
      log.warn(
        { writer: r.writer, fallbackReason: r.fallbackReason, style: r.style, ms: r.ms },
        'script written by the built-in copywriter: the local model did not write it',
      );
    else log.info({ writer: r.writer, check: r.check, style: r.style, ms: r.ms }, 'script written by the local model');
  });
  return { localLlm, scriptAuthor: author };
}
