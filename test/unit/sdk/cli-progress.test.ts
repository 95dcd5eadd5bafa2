import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressReporter, type Io } from '../../../packages/cli/src/io.js';

function sink(isTTY: boolean) {
  let text = '';
  const stream = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        text += chunk;
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => text };
}

const io = (stderr: ReturnType<typeof sink>): Io => ({ stdout: sink(false).stream, stderr: stderr.stream, env: {} });

describe('the CLI progress on waits', () => {
  it('redraws one bar on a terminal and ends the line once', () => {
    const err = sink(true);
    const p = progressReporter(io(err), 'tts');
    p.update({ id: 'a', status: 'processing', progress: 50 });
    p.update({ id: 'a', status: 'done', progress: 100 });
    p.end();
    expect(err.text()).toBe(`\rtts [${'#'.repeat(15)}${'-'.repeat(15)}]  50% processing\u001b[K\rtts [${'#'.repeat(30)}] 100% done\u001b[K\n`);
  });

  it('writes plain lines, no carriage returns or escapes, when stderr is not a terminal', () => {
    const err = sink(false);
    const p = progressReporter(io(err), 'video');
    p.update({ id: 'b', status: 'pending', progress: 0 });
    p.update({ id: 'b', status: 'processing', progress: 42.4 });
    p.end();
    expect(err.text()).toBe('video b: pending 0%\nvideo b: processing 42%\n');
  });
});
