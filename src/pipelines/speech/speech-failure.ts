import { TaskFailure } from '../../core/errors.js';
import type { SpeechEngineError } from '../../engines/speech/index.js';

/**
 * A speech engine's failure as the task's: a transient one is retried (a provider may be down for
 * a moment) and, if it persists, tells the client to try again later; a permanent one fails at
 * once and says what to change instead.
 */
export function speechFailure(err: SpeechEngineError): TaskFailure {
  const what = `The speech engine could not speak this text (${err.message.slice(0, 200)}).`;
  return err.permanent
    ? new TaskFailure(`${what} Change the text or choose another voice.`, false)
    : new TaskFailure(`${what} Try again later or choose another voice.`, true);
}
