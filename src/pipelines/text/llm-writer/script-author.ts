import { ScriptRequestError, type AdScript, type AdScriptRequest } from '../ad-script/ad-script-types.js';
import { DEFAULT_SCRIPT_STYLE, findScriptStyle } from '../script-styles.js';
import { writeAdScript } from '../write-ad-script.js';
import { fallbackReasonOf, writeWithModel, type ModelScriptCheck, type ScriptModel } from './model-script.js';

/** The built-in copywriter's name where results and logs say who wrote a script. */
export const BUILT_IN_WRITER = 'built-in';

const DEFAULT_TIMEOUT_MS = 60_000;

export interface AuthoredScript {
  script: AdScript;
  /** Who wrote it: `built-in`, or `local:<model>` for the configured model. */
  writer: string;
  /** Why the model's script was not used (the built-in copywriter wrote it), when a model is configured. */
  fallbackReason: string | null;
  /** What the fact check did to the model's sentences, when the model wrote it. */
  check: ModelScriptCheck | null;
}

/** Told of every script written with a model configured: who wrote it, and why the fallback when there was one. */
export type AuthorReport = (report: {
  writer: string;
  fallbackReason: string | null;
  check: ModelScriptCheck | null;
  style: string;
  videoLengthSeconds: number;
  ms: number;
}) => void;

/**
 * The one place that picks who writes an ad script, for every group that writes one (AI Scripts,
 * URL to Video, the product videos' talking scripts …): the configured local model when there is
 * one, else — and whenever the model fails, times out or writes nothing that passes the fact
 * check — the built-in copywriter.
 */
export interface ScriptAuthor {
  /** `local:<model>` or `built-in`: who writes when all goes well. */
  readonly preferred: string;
  write(req: AdScriptRequest, signal?: AbortSignal): Promise<AuthoredScript>;
}

export function scriptAuthor(model: ScriptModel | null, report?: AuthorReport): ScriptAuthor {
  if (!model) {
    return {
      preferred: BUILT_IN_WRITER,
      write: async (req) => ({ script: writeAdScript(req), writer: BUILT_IN_WRITER, fallbackReason: null, check: null }),
    };
  }
  const writer = `local:${model.model}`;
  return {
    preferred: writer,
    async write(req, signal) {
      // Written first: it checks the request (a bad style or language is the caller's error, not a
      // model failure), and the model's script borrows its title, framing lines and pictures.
      const builtIn = writeAdScript(req);
      const style = findScriptStyle(req.style ?? DEFAULT_SCRIPT_STYLE);
      if (!style) throw new ScriptRequestError('style', `Unknown script style "${req.style}".`);
      const started = Date.now();
      const timeoutMs = model.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const timeout = AbortSignal.timeout(timeoutMs);
      let authored: AuthoredScript;
      try {
        const { script, check } = await writeWithModel(
          model,
          {
            facts: req.facts,
            style,
            videoLengthSeconds: req.videoLengthSeconds,
            seed: req.seed ?? 0,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          },
          builtIn,
        );
        authored = { script, writer, fallbackReason: null, check };
      } catch (err) {
        if (signal?.aborted) throw err;
        const reason = timeout.aborted ? `timeout: the model did not finish the script within ${timeoutMs / 1000} s` : fallbackReasonOf(err);
        authored = { script: builtIn, writer: BUILT_IN_WRITER, fallbackReason: reason, check: null };
      }
      report?.({
        writer: authored.writer,
        fallbackReason: authored.fallbackReason,
        check: authored.check,
        style: builtIn.style,
        videoLengthSeconds: req.videoLengthSeconds,
        ms: Date.now() - started,
      });
      return authored;
    },
  };
}
