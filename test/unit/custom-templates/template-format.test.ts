import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTemplate, type TemplateFile } from '../../../src/domain/custom-templates/template-format.js';
import { TemplateCatalog } from '../../../src/domain/custom-templates/template-catalog.js';
import { BUILTIN_TEMPLATE_DIR, loadTemplateCatalog, type TemplateFileProblem } from '../../../src/pipelines/custom-templates/template-files.js';

const minimal: TemplateFile = {
  format: 1,
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Minimal',
  aspect: '1:1',
  slots: { Title: { type: 'text', default: 'Hello' } },
  scenes: [{ seconds: 3, background: { color: '#000000' }, layers: [{ kind: 'text', slot: 'Title', box: { x: 0, y: 0, width: 1, height: 1 } }] }],
};

describe('template format', () => {
  it('applies defaults: fixed length, custom family, slot limits and text style', () => {
    const r = parseTemplate(minimal);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.template).toMatchObject({ length: { rule: 'fixed' }, family: 'custom', slots: { Title: { required: false, maxChars: 80 } } });
    expect(r.template.scenes[0]!.layers[0]).toMatchObject({ style: { font: 'Montserrat', sizePx: 72, case: 'as-is' } });
  });

  it('names each problem by its path: undeclared or wrong-typed slots, a missing default, a bad box, a wrong version', () => {
    const problems = (file: unknown): string[] => {
      const r = parseTemplate(file);
      return r.ok ? [] : r.problems;
    };
    expect(problems({ ...minimal, format: 2 })).toEqual([expect.stringMatching(/^format:/)]);
    expect(problems({ ...minimal, scenes: [{ seconds: 3, background: { slot: 'Title' } }] })).toEqual([
      expect.stringMatching(/^scenes\.0\.background\.slot: slot "Title" is text, expected image or video/),
    ]);
    expect(
      problems({
        ...minimal,
        scenes: [{ seconds: 3, background: { color: '#000' }, layers: [{ kind: 'image', slot: 'Nope', box: { x: 0, y: 0, width: 1, height: 1 } }] }],
      }),
    ).toEqual(
      expect.arrayContaining([expect.stringMatching(/scenes\.0\.background\.color/), expect.stringMatching(/scenes\.0\.layers\.0\.slot: names slot "Nope"/)]),
    );
    expect(problems({ ...minimal, slots: { Title: { type: 'text' } } })).toEqual([
      expect.stringMatching(/^slots\.Title\.default: every image, text, audio and avatar slot needs a default/),
    ]);
    expect(
      problems({
        ...minimal,
        scenes: [{ seconds: 3, background: { color: '#000000' }, layers: [{ kind: 'panel', color: '#FFFFFF', box: { x: 0, y: 0, width: 2, height: 1 } }] }],
      }),
    ).toEqual([expect.stringMatching(/^scenes\.0\.layers\.0\.box\.width/)]);
    expect(problems({ ...minimal, length: { rule: 'voiceover', slot: 'Title' } })).toEqual([
      expect.stringMatching(/^length\.slot: slot "Title" is text, expected voiceover/),
    ]);
  });

  it('every built-in template file is valid, ids are unique, both families and all three aspects are there', async () => {
    const skipped: TemplateFileProblem[] = [];
    const entries = await loadTemplateCatalog('/nonexistent', (p) => skipped.push(p));
    expect(skipped).toEqual([]);
    const catalog = new TemplateCatalog(entries);
    expect(catalog.size).toBe(entries.length);
    const custom = catalog.list('custom');
    expect(custom.length).toBeGreaterThanOrEqual(15);
    expect(new Set(custom.map((e) => e.template.aspect))).toEqual(new Set(['16:9', '9:16', '1:1']));
    expect(catalog.list('dyoa').length).toBeGreaterThanOrEqual(6);
    expect(new Set(custom.map((e) => e.template.category)).size).toBeGreaterThanOrEqual(10);
  });
});

describe('operator templates (DATA_DIR/templates)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-operator-templates-'));
    await writeFile(join(dir, 'a-good.json'), JSON.stringify(minimal));
    await writeFile(join(dir, 'b-broken.json'), JSON.stringify({ ...minimal, id: '11111111-2222-4333-8444-555555555556', aspect: '4:3' }));
    await writeFile(join(dir, 'c-not-json.json'), '{"format": 1,');
    await writeFile(join(dir, 'd-same-id.json'), JSON.stringify({ ...minimal, name: 'Copy' }));
    await writeFile(join(dir, 'notes.txt'), 'not a template');
    await writeFile(
      join(dir, 'e-caption-style.json'),
      JSON.stringify({
        ...minimal,
        id: '11111111-2222-4333-8444-555555555557',
        slots: { ...minimal.slots, Voice: { type: 'voiceover' } },
        captions: { slot: 'Voice', style: { style: 'sparkly' } },
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('adds the valid files after the built-ins and reports every broken one (what and where), never throwing', async () => {
    const skipped: TemplateFileProblem[] = [];
    const entries = await loadTemplateCatalog(dir, (p) => skipped.push(p));
    const operator = entries.filter((e) => e.source === 'operator');
    expect(operator.map((e) => e.template.name)).toEqual(['Minimal']);
    expect(operator[0]!.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(skipped.map((s) => s.file.split('/').pop())).toEqual(['b-broken.json', 'c-not-json.json', 'd-same-id.json', 'e-caption-style.json']);
    expect(skipped[3]!.problems[0]).toMatch(/^captions\.style\.style: unknown caption style "sparkly"/);
    expect(skipped[0]!.problems).toEqual([expect.stringMatching(/^aspect:/)]);
    expect(skipped[1]!.problems[0]).toMatch(/not readable JSON/);
    expect(skipped[2]!.problems[0]).toMatch(/already used/);
    expect(entries.length).toBe((await loadTemplateCatalog('/nonexistent', () => {})).length + 1);
    expect(BUILTIN_TEMPLATE_DIR).toMatch(/assets\/templates$/);
  });
});
