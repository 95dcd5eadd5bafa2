import { defaultVoiceId, type VoiceCatalog } from '../../domain/catalog/voices.js';
import type { VideoVocabulary } from '../../domain/videos/link-video-service.js';
import { isScriptLanguage } from '../text/languages.js';
import { findScriptStyle, SCRIPT_STYLE_NAMES } from '../text/script-styles.js';
import { isVisualStyle, presenterUse, visualStyleNames } from './visual-styles.js';

/**
 * The names a URL-to-video request may use (script styles, visual styles, script languages) and
 * the voice a language gets when the request names none: the catalog's default for English,
 * else the first built-in voice of that language (null when the machine has none).
 */
export function videoVocabulary(catalog: VoiceCatalog): VideoVocabulary {
  return {
    isScriptStyle: (name) => Boolean(findScriptStyle(name)),
    scriptStyleNames: () => [...SCRIPT_STYLE_NAMES],
    isVisualStyle,
    visualStyleNames,
    isScriptLanguage,
    needsPresenter: (style) => presenterUse(style) === 'required',
    defaultVoiceFor(language) {
      if (language === 'en') return defaultVoiceId(catalog) ?? null;
      return catalog.voices.find((v) => v.language === language && v.kind === 'builtin')?.id ?? null;
    },
  };
}
