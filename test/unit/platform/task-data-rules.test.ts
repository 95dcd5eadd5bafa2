import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under src/, with its text. */
function sources(dir = 'src'): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [{ path: relative('.', path), text: readFileSync(path, 'utf8') }] : [];
  });
}

function hits(pattern: RegExp): string[] {
  return sources().flatMap(({ path, text }) =>
    text.split('\n').flatMap((line, i) => {
      const code = line.trim();
      // Comments say "as" in prose.
      if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
      return pattern.test(code) ? [`${path}:${i + 1}: ${code}`] : [];
    }),
  );
}

describe('task data is read through its kind (docs/architecture.md, "Adding a task kind")', () => {
  it('casts no stored task data: input, result, facts, plan, previews, spec, echo', () => {
    // `x.input as …`, `task.result.plan as …`, `link.facts as unknown as …`, `… as Record<string, any>`.
    // Not task data: a Fastify route's own `input.schema`, and a catalog look-up widening an industry name.
    const notTaskData = ['src/api/openapi.ts:', 'src/app/avatar-wiring.ts:'];
    const casts = hits(
      /\b(input|result|facts|plan|previews|spec|echo|caption_setting)\b[\w.?]*\)?\s+as\s+(?:unknown\b|Record\b|never\b|string\b|number\b|boolean\b|\{|\(|[A-Z])/,
    );
    expect(casts.filter((h) => !notTaskData.some((p) => h.startsWith(p)))).toEqual([]);
    expect(hits(/as Record<string, any>/).filter((h) => !h.startsWith('src/api/openapi.ts'))).toEqual([]);
  });

  it("spells the blob layout of a task's files in one place (domain/tasks/task-files.ts)", () => {
    expect(hits(/`\$\{[\w.]*ccount[\w]*\}\/\$\{/)).toEqual([`src/domain/tasks/task-files.ts:9: return \`\${task.accountId}/\${task.id}/\`;`]);
  });

  it('names every file a job writes through its kind: taskFileKey is called by task-kind.ts alone', () => {
    // A name made at run time is a function in the kind's `files` (`preview: (index) => …`), not a key spelled in a job.
    expect(hits(/\btaskFileKey\(/).filter((h) => !h.startsWith('src/domain/tasks/task-files.ts:'))).toEqual([
      expect.stringMatching(/^src\/domain\/tasks\/task-kind\.ts:\d+: if \(typeof file === 'string'\) return taskFileKey\(/),
      expect.stringMatching(/^src\/domain\/tasks\/task-kind\.ts:\d+: return taskFileKey\(task, \.\.\.String\(/),
    ]);
  });

  it('returns every job result through its kind (resultPatch), never a bare object the result schema does not check', () => {
    expect(hits(/\bresult: \{/).filter((h) => h.startsWith('src/jobs/'))).toEqual([]);
  });
});
