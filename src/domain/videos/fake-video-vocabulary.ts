import type { VideoVocabulary } from './link-video-service.js';

/**
 * A `VideoVocabulary` for unit tests: two script styles, three visual styles (Vanilla needs a presenter), the copywriter's
 * languages, and a default voice per language (none for the ones not listed).
 */
export function fakeVideoVocabulary(defaultVoices: Record<string, string> = { en: 'voice-en', es: 'voice-es' }): VideoVocabulary {
  const scriptStyles = ['DiscoveryWriter', 'HookWriter'];
  const visualStyles = ['AvatarBubbleTemplate', 'FullScreenTemplate', 'VanillaTemplate'];
  return {
    isScriptStyle: (name) => scriptStyles.includes(name),
    scriptStyleNames: () => [...scriptStyles],
    isVisualStyle: (name) => visualStyles.includes(name),
    visualStyleNames: () => [...visualStyles],
    isScriptLanguage: (code) => ['en', 'es', 'fr', 'de'].includes(code),
    defaultVoiceFor: (language) => defaultVoices[language] ?? null,
    needsPresenter: (style) => style === 'VanillaTemplate',
  };
}
