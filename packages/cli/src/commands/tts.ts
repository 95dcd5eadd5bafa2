import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { printJson, progressReporter, type Io } from '../io.js';
import { UsageError } from '../settings.js';
import { waitOptions, WAIT_FLAGS } from './wait-flags.js';

export const TTS_USAGE = 'clipwright tts "TEXT" --voice ID [--wait] [--out FILE.mp3] [--json] [--idempotency-key KEY] [--timeout SECONDS]';

/** Text to speech: create, and with --wait or --out wait for it (and download the MP3). */
export async function tts(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { voice: { type: 'string' }, out: { type: 'string' }, ...WAIT_FLAGS } });
  const text = positionals.join(' ');
  if (!text) throw new UsageError(`usage: ${TTS_USAGE}`);
  if (!values.voice) throw new UsageError('tts needs --voice ID (see `clipwright voices`).');
  const body = { text, voice_id: values.voice };
  const created = await client.textToSpeech.create(body, { idempotencyKey: values['idempotency-key'] });
  if (!values.wait && !values.out) {
    if (values.json) printJson(io, created);
    else io.stdout.write(`${created.id} ${created.status}\n`);
    return 0;
  }
  const progress = progressReporter(io, 'tts');
  const done = await client.textToSpeech.wait(created.id, waitOptions(values, progress.update)).finally(() => progress.end());
  if (values.out) await writeFile(values.out, await client.download(done.output!));
  if (values.json) printJson(io, values.out ? { ...done, file: values.out } : done);
  else io.stdout.write(`${done.id} done ${done.duration ?? '?'} s${values.out ? ` → ${values.out}` : ''}\n${values.out ? '' : `${done.output}\n`}`);
  return 0;
}
