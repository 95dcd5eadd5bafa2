/** Languages the built-in copywriter writes natively (a phrase bank each, no machine translation). */
export const SCRIPT_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<ScriptLanguage, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German' };

export function isScriptLanguage(code: string): code is ScriptLanguage {
  return (SCRIPT_LANGUAGES as readonly string[]).includes(code);
}

/** `es-MX`, `ES`, `es_ES` → `es`; anything else → null. */
export function scriptLanguageOf(code: string | null | undefined): ScriptLanguage | null {
  if (!code) return null;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isScriptLanguage(primary) ? primary : null;
}

/** BCP 47 locale used for number and currency formatting. */
export const LOCALE_OF: Record<ScriptLanguage, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };
