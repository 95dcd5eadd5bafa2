/**
 * What a voice can say. Engines speak letters and digits (and what the text normaliser makes of
 * symbols next to them, such as "$5"); a text without any — "+", "...!?", only emoji — gives no
 * speech at all, which no retry can change. Every create that speaks a client's text asks here,
 * so it is a 400 on the field instead of a failed task, and the speech pipeline skips such
 * sentences by the same rule.
 */
const SPEAKABLE = /[\p{L}\p{N}]/u;

/** U+FFFD is what a JSON body's bytes that are not valid UTF-8 become when decoded. */
const REPLACEMENT_CHARACTER = '\uFFFD';

export function hasSpeakableContent(text: string): boolean {
  return SPEAKABLE.test(text);
}

/** Why `text` cannot be spoken (a message for the client, on the text's field), or null when it can. */
export function unspeakableTextProblem(text: string): string | null {
  if (text.includes(REPLACEMENT_CHARACTER)) {
    return 'The text contains bytes that are not valid UTF-8 (shown as U+FFFD); send it encoded as UTF-8.';
  }
  if (!hasSpeakableContent(text)) {
    return 'There is nothing to speak in this text: it has no letters or digits, only punctuation, symbols or emoji.';
  }
  return null;
}
