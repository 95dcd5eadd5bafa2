import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTemplate, type Template } from '../../domain/custom-templates/template-format.js';
import { CAPTION_STYLE_NAMES } from '../../media/captions/caption-styles.js';
import { BUILTIN_TEMPLATES_CREATED_AT, type CatalogTemplate } from '../../domain/custom-templates/template-catalog.js';

/** src/pipelines/custom-templates → ../../../assets/templates (the same from dist/). */
export const BUILTIN_TEMPLATE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../assets/templates');

export interface TemplateFileProblem {
  file: string;
  problems: string[];
}

/**
 * Reads every `*.json` of a folder as a template. A file that cannot be read, is not JSON or is
 * not a valid template is reported in `skipped` (with what is wrong) and left out; so is a second
 * file with an id already taken. A missing folder is an empty catalog, never an error.
 */
export async function readTemplateDir(
  dir: string,
  source: CatalogTemplate['source'],
  takenIds: ReadonlySet<string> = new Set(),
): Promise<{ templates: CatalogTemplate[]; skipped: TemplateFileProblem[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.json')).sort();
  } catch {
    return { templates: [], skipped: [] };
  }
  const templates: CatalogTemplate[] = [];
  const skipped: TemplateFileProblem[] = [];
  const seen = new Set(takenIds);
  for (const name of names) {
    const file = join(dir, name);
    let json: unknown;
    let modified: string;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
      modified = (await stat(file)).mtime.toISOString();
    } catch (err) {
      skipped.push({ file, problems: [`not readable JSON: ${err instanceof Error ? err.message : String(err)}`] });
      continue;
    }
    const parsed = parseTemplate(json);
    const problems = parsed.ok ? renderProblems(parsed.template) : parsed.problems;
    if (!parsed.ok || problems.length > 0) {
      skipped.push({ file, problems });
      continue;
    }
    if (seen.has(parsed.template.id)) {
      skipped.push({ file, problems: [`id: ${parsed.template.id} is already used by another template`] });
      continue;
    }
    seen.add(parsed.template.id);
    const at = source === 'builtin' ? BUILTIN_TEMPLATES_CREATED_AT : modified;
    templates.push({ template: parsed.template, source, createdAt: at, updatedAt: at });
  }
  return { templates, skipped };
}

/** The built-ins, then the operator's folder; every skipped file is handed to `warn`. */
export async function loadTemplateCatalog(
  operatorDir: string,
  warn: (problem: TemplateFileProblem) => void,
  builtinDir = BUILTIN_TEMPLATE_DIR,
): Promise<CatalogTemplate[]> {
  const builtins = await readTemplateDir(builtinDir, 'builtin');
  const operator = await readTemplateDir(operatorDir, 'operator', new Set(builtins.templates.map((t) => t.template.id)));
  for (const problem of [...builtins.skipped, ...operator.skipped]) warn(problem);
  return [...builtins.templates, ...operator.templates];
}

/** What the schema cannot know but the renderer does: the caption styles it has. */
function renderProblems(template: Template): string[] {
  const style = template.captions?.style.style;
  if (style === undefined || CAPTION_STYLE_NAMES.includes(style)) return [];
  return [`captions.style.style: unknown caption style "${style}"; known: ${CAPTION_STYLE_NAMES.join(', ')}`];
}
