import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ClipwrightClient } from '../../../sdk/src/index.js';
import { printJson, progressReporter, type Io } from '../io.js';
import { UsageError } from '../settings.js';
import { waitOptions, WAIT_FLAGS } from './wait-flags.js';

export const VIDEO_USAGE =
  'clipwright video --url URL [--style STYLE] [--avatar ID] [--voice ID] [--length 15|30|60] [--aspect 9:16|16:9|1:1] [--script TEXT] [--wait] [--out FILE.mp4] [--json]';

/** URL to video: reads the product page (a link), then renders a video ad from it. */
export async function video(client: ClipwrightClient, args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      style: { type: 'string' },
      avatar: { type: 'string' },
      voice: { type: 'string' },
      length: { type: 'string' },
      aspect: { type: 'string' },
      script: { type: 'string' },
      out: { type: 'string' },
      ...WAIT_FLAGS,
    },
  });
  if (!values.url) throw new UsageError(`usage: ${VIDEO_USAGE}`);
  const link = await client.links.create({ url: values.url });
  if (!values.json) io.stderr.write(`link ${link.id}: ${link.link.title || values.url}\n`);
  const created = await client.linkToVideos.create(
    {
      link: link.id,
      ...(values.style ? { visual_style: values.style as 'AvatarBubbleTemplate' } : {}),
      ...(values.avatar ? { override_avatar: values.avatar } : {}),
      ...(values.voice ? { override_voice: values.voice } : {}),
      // A number in JSON (the document names 15, 30, 45, 60); other text reaches the service, whose 400 lists them.
      ...(values.length ? { video_length: (Number(values.length) || values.length) as 15 } : {}),
      // Any text goes through: the service checks it and its 400 names the allowed values.
      ...(values.aspect ? { aspect_ratio: values.aspect as '9:16' } : {}),
      ...(values.script ? { override_script: values.script } : {}),
    },
    { idempotencyKey: values['idempotency-key'] },
  );
  if (!values.wait && !values.out) {
    if (values.json) printJson(io, created);
    else io.stdout.write(`${created.id} ${created.status}\n`);
    return 0;
  }
  const progress = progressReporter(io, 'video');
  const done = await client.linkToVideos.wait(created.id, waitOptions(values, progress.update)).finally(() => progress.end());
  if (values.out) await writeFile(values.out, await client.download(done.output!));
  if (values.json) printJson(io, values.out ? { ...done, file: values.out } : done);
  else io.stdout.write(`${done.id} done${values.out ? ` → ${values.out}` : `\n${done.output}`}\n`);
  return 0;
}
