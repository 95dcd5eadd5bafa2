import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's SDK examples are copies of packages/sdk/examples/every-group.ts, which tsc checks.
 * The rules:
 * - the file has one region per group of the README's SDK table, in the table's order (22): a region
 *   is the lines between `// #region <id>` and `// #endregion`, where <id> is the group's name in
 *   lower case with every run of other characters turned into "-" ("AI Avatar v1" → ai-avatar-v1);
 * - a region's README form is its lines with the two spaces of function indentation removed (blank
 *   lines stay blank); every other line must start with those two spaces;
 * - the README's "## SDK (TypeScript)" section has exactly these ```ts blocks: first the setup
 *   block, the one that creates the client (`const cw = createClient(`) and imports what the
 *   examples use, then every region's README form, in the file's order, and nothing else.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const README = readFileSync(join(root, 'README.md'), 'utf8');
const EXAMPLES = readFileSync(join(root, 'packages/sdk/examples/every-group.ts'), 'utf8');
const GROUPS = 22;
const SETUP_MARK = 'const cw = createClient(';

interface Region {
  id: string;
  body: string;
}

/** The regions of the examples file, each body in its README form; malformed regions go to `problems`. */
function regionsOf(source: string, problems: string[] = []): Region[] {
  const regions: Region[] = [];
  let open: { id: string; lines: string[] } | null = null;
  for (const [i, line] of source.split('\n').entries()) {
    const start = /^\s*\/\/ #region (\S+)\s*$/.exec(line);
    if (start) {
      if (open) problems.push(`line ${i + 1}: region ${start[1]} starts inside region ${open.id}`);
      open = { id: start[1]!, lines: [] };
    } else if (/^\s*\/\/ #endregion\s*$/.test(line)) {
      if (!open) problems.push(`line ${i + 1}: #endregion without a #region`);
      else regions.push({ id: open.id, body: open.lines.join('\n') });
      open = null;
    } else if (open) {
      if (line.trim() !== '' && !line.startsWith('  ')) problems.push(`line ${i + 1}: region ${open.id} has a line not indented by two spaces`);
      open.lines.push(line.trim() === '' ? '' : line.slice(2));
    }
  }
  if (open) problems.push(`region ${open.id} has no #endregion`);
  return regions;
}

/** The README's "## SDK (TypeScript)" section, up to the next level-2 heading. */
function sdkSection(readme: string): string {
  const start = readme.indexOf('\n## SDK (TypeScript)\n');
  if (start < 0) return '';
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const tsBlocks = (markdown: string) => [...markdown.matchAll(/^```ts\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** The group names of the SDK table's rows (`| 1 | URL to Video | … |`). */
const tableGroups = (section: string) => [...section.matchAll(/^\| \d+ \| ([^|]+?) \|/gm)].map((m) => m[1]!);
const firstLine = (block: string) => block.split('\n')[0]!.slice(0, 80);

/** Everything wrong between the README and the examples file, in words; [] when they agree. */
function problemsOf(readme: string, source: string): string[] {
  const problems: string[] = [];
  const regions = regionsOf(source, problems);
  const ids = regions.map((r) => r.id);
  if (regions.length !== GROUPS) problems.push(`the examples file has ${regions.length} regions, not ${GROUPS}`);
  const section = sdkSection(readme);
  const groups = tableGroups(section).map(slug);
  if (groups.join() !== ids.join()) problems.push(`regions [${ids.join(', ')}] are not the table's groups [${groups.join(', ')}]`);

  const [setup, ...blocks] = tsBlocks(section);
  if (setup === undefined || !setup.includes(SETUP_MARK)) {
    problems.push(`the SDK section's first ts block is not the setup block (${SETUP_MARK}…)`);
  } else {
    // Whatever the examples import as values (writeFile, ClipwrightError …), the setup block imports too.
    const imported = [...source.matchAll(/^import \{([^}]*)\} from/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()));
    for (const name of imported.filter((n) => n && !n.startsWith('type '))) {
      if (!new RegExp(`^import .*\\b${name}\\b`, 'm').test(setup)) problems.push(`the setup block does not import ${name}`);
    }
  }
  const bodies = regions.map((r) => r.body);
  for (const r of regions) if (!blocks.includes(r.body)) problems.push(`region ${r.id} is not in the README's SDK section (or its block there differs)`);
  for (const b of blocks) if (!bodies.includes(b)) problems.push(`a ts block of the SDK section is not a region of the examples file: "${firstLine(b)}"`);
  if (problems.length === 0 && blocks.join('\0') !== bodies.join('\0')) problems.push(`the README's blocks are not in the regions' order`);
  return problems;
}

describe('README SDK examples', () => {
  it('has one example region per group of the table: 22', () => {
    const regions = regionsOf(EXAMPLES);
    expect(regions).toHaveLength(GROUPS);
    expect(regions.map((r) => r.id)).toEqual(tableGroups(sdkSection(README)).map(slug));
  });

  it('shows every region in the README verbatim, and no other ts block besides the setup', () => {
    expect(problemsOf(README, EXAMPLES)).toEqual([]);
  });

  describe('the check fails when the two drift apart', () => {
    const tts = regionsOf(EXAMPLES).find((r) => r.id === 'text-to-speech')!;

    it('a README block edited by hand', () => {
      const edited = README.replace(tts.body, () => tts.body.replace("'VOICE_ID'", "'OTHER_VOICE'"));
      expect(edited).not.toBe(README);
      expect(problemsOf(edited, EXAMPLES)).toEqual([
        "region text-to-speech is not in the README's SDK section (or its block there differs)",
        'a ts block of the SDK section is not a region of the examples file: "const speech = await cw.textToSpeech.createAndWait("',
      ]);
    });

    it('an example changed in the file only', () => {
      const changed = EXAMPLES.replace("{ text: 'Hello from Clipwright.'", "{ text: 'Hi from Clipwright.'");
      expect(changed).not.toBe(EXAMPLES);
      expect(problemsOf(README, changed)).toContain("region text-to-speech is not in the README's SDK section (or its block there differs)");
    });

    it('a region missing from the file', () => {
      const without = EXAMPLES.replace('// #region workspace', '// region workspace').replace(
        /(\/\/ region workspace[\s\S]*?)\/\/ #endregion/,
        '$1// endregion',
      );
      const problems = problemsOf(README, without);
      expect(problems).toContain('the examples file has 21 regions, not 22');
      expect(problems.some((p) => p.startsWith('a ts block of the SDK section is not a region') && p.includes('remainingCredits'))).toBe(true);
    });

    it('a region missing from the README, or an extra ts block there', () => {
      const fence = ['```ts', tts.body, '```'].join('\n');
      expect(problemsOf(README.replace(fence, ''), EXAMPLES)).toContain(
        "region text-to-speech is not in the README's SDK section (or its block there differs)",
      );
      const extra = README.replace(fence, () => [fence, '', '```ts', 'await cw.workspace.remainingCredits();', '```'].join('\n'));
      expect(problemsOf(extra, EXAMPLES)).toEqual([
        'a ts block of the SDK section is not a region of the examples file: "await cw.workspace.remainingCredits();"',
      ]);
    });

    it('two blocks swapped, and the setup block gone', () => {
      const [first, second] = regionsOf(EXAMPLES);
      const swapped = README.replace(first!.body, '\u0000')
        .replace(second!.body, () => first!.body)
        .replace('\u0000', () => second!.body);
      expect(problemsOf(swapped, EXAMPLES)).toEqual(["the README's blocks are not in the regions' order"]);
      expect(problemsOf(README.replace(SETUP_MARK, 'const client = createClient('), EXAMPLES)[0]).toMatch(/first ts block is not the setup block/);
    });
  });
});
