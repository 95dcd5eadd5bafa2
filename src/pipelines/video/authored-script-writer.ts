import type { ScriptAuthor } from '../text/llm-writer/script-author.js';
import type { ScriptWriter } from './ad-script.js';
import { spokenScript, writeRequestOf } from './built-in-script-writer.js';

/** The video pipeline's `ScriptWriter` port with the scripts written by `author` (the configured model, else the built-in copywriter). */
export function scriptWriterBy(author: ScriptAuthor): ScriptWriter {
  return async (req) => {
    const { script, writer } = await author.write(writeRequestOf(req));
    return { text: spokenScript(script.sentences), highlights: script.features, writer };
  };
}
