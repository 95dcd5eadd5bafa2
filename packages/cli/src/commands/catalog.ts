import { parseArgs } from 'node:util';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { printJson, printTable, type Io } from '../io.js';

export const VOICES_USAGE = 'clipwright voices [--language en] [--json]';
export const AVATARS_USAGE = 'clipwright avatars [--json]';
export const CREDITS_USAGE = 'clipwright credits [--json]';

/** Every voice, one row per voice in one accent (the ids `tts --voice` takes). */
export async function voices(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { language: { type: 'string' }, json: { type: 'boolean' } } });
  const all = [];
  // The paginated list is flat and filterable; page through it rather than assume a size.
  for (let page = 1; ; page++) {
    const r = await client.voices.paginated({ page, page_size: 100, ...(values.language ? { language: values.language } : {}) });
    all.push(...r.results);
    if (!r.next) break;
  }
  if (values.json) printJson(io, all);
  else
    printTable(
      io,
      ['ID', 'NAME', 'LANGUAGE', 'ACCENT'],
      all.map((v) => [v.id, v.name, v.language, v.accent]),
    );
  return 0;
}

/** Built-in and custom avatars (the ids `video --avatar` takes). */
export async function avatars(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
  const all = [];
  for (let page = 1; ; page++) {
    const r = await client.avatars.paginated({ page, page_size: 100 });
    all.push(...r.results);
    if (!r.next) break;
  }
  if (values.json) printJson(io, all);
  else
    printTable(
      io,
      ['ID', 'NAME', 'VERSION', 'STATUS', 'GENDER'],
      all.map((a) => [a.id, a.name, a.version, a.status, a.gender ?? '']),
    );
  return 0;
}

export async function credits(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean' } } });
  const r = await client.workspace.remainingCredits();
  if (values.json) printJson(io, r);
  else io.stdout.write(`${r.remaining_credits}\n`);
  return 0;
}
