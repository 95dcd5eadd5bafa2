import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FONT_DIRS } from '../text/font-dirs.js';

/**
 * Font files for satori, which needs the bytes (TTF/OTF) rather than a fontconfig name; the
 * directories are the canvas fonts' (`text/font-dirs.ts`).
 */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

const cache = new Map<string, Promise<CardFont[]>>();

async function filesIn(dirs: readonly string[]): Promise<string[]> {
  const lists = await Promise.all(dirs.map(async (d) => (await readdir(d).catch(() => [] as string[])).map((f) => join(d, f))));
  return lists.flat().filter((f) => /\.(ttf|otf)$/i.test(f));
}

/** Regular and bold of `family` (or the fallback), as satori takes them. */
export function cardFonts(family: string, dirs: readonly string[] = FONT_DIRS): Promise<CardFont[]> {
  const key = `${family}|${dirs.join(',')}`;
  let found = cache.get(key);
  if (!found) {
    found = load(family, dirs);
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}

async function load(family: string, dirs: readonly string[]): Promise<CardFont[]> {
  const files = await filesIn(dirs);
  const base = (f: string) => f.slice(f.lastIndexOf('/') + 1).toLowerCase();
  const wanted = family.toLowerCase().replace(/[\s_-]+/g, '');
  const pick = (weight: 400 | 700) =>
    files.find(
      (f) =>
        base(f)
          .replace(/[\s-]+/g, '')
          .startsWith(`${wanted}_${weight}`) && !/italic/i.test(f),
    ) ?? files.find((f) => base(f) === (weight === 700 ? 'dejavusans-bold.ttf' : 'dejavusans.ttf'));
  const fonts: CardFont[] = [];
  for (const weight of [400, 700] as const) {
    const file = pick(weight) ?? pick(weight === 700 ? 400 : 700);
    if (file) fonts.push({ name: 'Card', data: await readFile(file), weight, style: 'normal' });
  }
  if (!fonts.length) throw new Error(`no font file found for ${family} in ${dirs.join(', ')} (run scripts/install-fonts.sh)`);
  return fonts;
}
