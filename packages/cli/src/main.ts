import { ClipwrightError, createClient, TaskFailedError, WaitTimeoutError, type ClipwrightClient } from '../../sdk/src/index.js';
import { avatars, AVATARS_USAGE, credits, CREDITS_USAGE, voices, VOICES_USAGE } from './commands/catalog.js';
import { tasks, TASKS_USAGE } from './commands/tasks.js';
import { tts, TTS_USAGE } from './commands/tts.js';
import { video, VIDEO_USAGE } from './commands/video.js';
import type { Io } from './io.js';
import { clientOptionsFrom, DEFAULT_URL, UsageError } from './settings.js';

type Command = (client: ClipwrightClient, args: string[], io: Io) => Promise<number>;

/** The client commands of the `clipwright` binary; they talk to a service over HTTP through the SDK. */
export const CLIENT_COMMANDS: Record<string, { run: Command; usage: string }> = {
  tts: { run: tts, usage: TTS_USAGE },
  video: { run: video, usage: VIDEO_USAGE },
  tasks: { run: tasks, usage: TASKS_USAGE },
  voices: { run: voices, usage: VOICES_USAGE },
  avatars: { run: avatars, usage: AVATARS_USAGE },
  credits: { run: credits, usage: CREDITS_USAGE },
};

export const CLIENT_USAGE = `client commands (CLIPWRIGHT_URL, CLIPWRIGHT_API_ID, CLIPWRIGHT_API_KEY):
${Object.values(CLIENT_COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}`;

/** Exit codes scripts can tell apart. */
export const EXIT = { ok: 0, apiError: 1, usage: 2, taskFailed: 3, timeout: 4 } as const;

/** Runs one client command; never throws: every failure becomes a message on stderr and an exit code. */
export async function runClient(command: string, args: string[], io: Io): Promise<number> {
  const entry = CLIENT_COMMANDS[command];
  if (!entry) {
    io.stderr.write(`${CLIENT_USAGE}\n`);
    return EXIT.usage;
  }
  try {
    return await entry.run(createClient(clientOptionsFrom(io.env)), args, io);
  } catch (err) {
    return reportFailure(err, io);
  }
}

function reportFailure(err: unknown, io: Io): number {
  if (err instanceof ClipwrightError) {
    io.stderr.write(`error: ${err.status === 400 ? 'the request was refused' : err.detail} (${err.status} ${err.code})\n`);
    for (const [field, messages] of Object.entries(err.fields)) io.stderr.write(`  ${field}: ${messages.join(' ')}\n`);
    return EXIT.apiError;
  }
  if (err instanceof TaskFailedError) {
    io.stderr.write(`error: ${err.message}\n`);
    return EXIT.taskFailed;
  }
  if (err instanceof WaitTimeoutError) {
    io.stderr.write(`error: ${err.message}; it keeps running on the service (see \`clipwright tasks list\`)\n`);
    return EXIT.timeout;
  }
  // parseArgs reports an unknown or malformed option with a TypeError whose code starts ERR_PARSE_ARGS.
  if (err instanceof UsageError || (err as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS')) {
    io.stderr.write(`error: ${(err as Error).message}\n`);
    return EXIT.usage;
  }
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND …) is on its cause.
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const reason = cause ? ` (${cause.code ?? cause.message}: is the service running at ${io.env.CLIPWRIGHT_URL || DEFAULT_URL}?)` : '';
  io.stderr.write(`error: ${(err as Error)?.message ?? String(err)}${reason}\n`);
  return EXIT.apiError;
}
