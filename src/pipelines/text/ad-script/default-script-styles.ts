import { createRng } from '../../../core/random.js';
import { DEFAULT_SCRIPT_STYLE, findScriptStyle, SCRIPT_STYLE_NAMES } from '../script-styles.js';

/**
 * The five styles used when a caller names none: the default first, then four other writers
 * chosen by the seed, so repeated requests can differ while each one stays reproducible.
 */
export function defaultScriptStyles(seed: number, count = 5): string[] {
  const rng = createRng(seed >>> 0).fork('default-styles');
  const others = SCRIPT_STYLE_NAMES.filter((n) => n !== DEFAULT_SCRIPT_STYLE && findScriptStyle(n)!.family === 'writer');
  for (let i = others.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [others[i], others[j]] = [others[j]!, others[i]!];
  }
  return [DEFAULT_SCRIPT_STYLE, ...others.slice(0, Math.max(0, count - 1))];
}
