import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HANDLERS = 'src/jobs/handlers';

/** The code imports of each job handler, by file (type-only imports are vocabulary, not work). */
function importsOf(): { file: string; from: string }[] {
  return readdirSync(HANDLERS)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(HANDLERS, file), 'utf8').matchAll(/^import (?!type )[^;]* from '([^']+)';$/gm)].map((m) => ({ file, from: m[1]! })),
    );
}

describe('job handlers stay thin (docs/architecture.md, "Adding a task kind")', () => {
  it('build no media: ffmpeg arguments, pictures and frames are made by pipelines and media builders', () => {
    const media = /engines\/ffmpeg\/args|\/media\/|raster-io|sharp|canvas/;
    expect(importsOf().filter((i) => media.test(i.from))).toEqual([]);
  });

  it('lay out no blob key: files are named by the kind (fileKey), never by the task-files layout', () => {
    expect(importsOf().filter((i) => i.from.includes('task-files'))).toEqual([]);
  });
});
