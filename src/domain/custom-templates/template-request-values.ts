import { ValidationError } from '../../core/errors.js';
import { isMediaRef } from '../../core/uploads.js';
import type { Template } from './template-format.js';

/** One slot's value as read from a request, before its checks; `problem` says why it cannot be used. */
export interface RawValue {
  url?: string;
  text?: string;
  avatarId?: string;
  voiceId?: string;
  problem?: string;
  /** Where the problem is, when not on the slot's own path (e.g. `variables.Logo.type`). */
  problemPath?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads `parameters` (name → URL, text or persona id; a voiceover may be `{text, voice_id}`) or the
 * compatible `variables` (name → `{type, properties: {url / content / avatar_id / voice_id}}`, a
 * bare value also accepted) into one value per slot. A name the template does not have → 400 on it.
 * Empty values (null, "") count as not given, so an optional slot keeps its default.
 */
export function readTemplateValues(template: Template, given: Record<string, unknown>, form: 'parameters' | 'variables'): Map<string, RawValue> {
  const out = new Map<string, RawValue>();
  const unknown = Object.keys(given).filter((name) => !(name in template.slots));
  if (unknown.length > 0) {
    const names = Object.keys(template.slots)
      .map((n) => `"${n}"`)
      .join(', ');
    throw new ValidationError(Object.fromEntries(unknown.map((name) => [`${form}.${name}`, [`This template has no slot "${name}"; its slots are ${names}.`]])));
  }
  for (const [name, slot] of Object.entries(template.slots)) {
    let value = given[name];
    if (value === null || value === undefined || value === '') continue;
    const path = `${form}.${name}`;
    if (isObject(value) && ('type' in value || 'properties' in value)) {
      if (typeof value.type === 'string' && value.type !== slot.type) {
        out.set(name, { problem: `"${value.type}" is not this slot's type; "${name}" takes ${slot.type}.`, problemPath: `${path}.type` });
        continue;
      }
      value = isObject(value.properties) ? value.properties : {};
    }
    const props = isObject(value) ? value : null;
    const str = (...keys: string[]): string | undefined => {
      if (!props) return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
      for (const k of keys) if (typeof props[k] === 'string' && props[k] !== '') return props[k] as string;
      return undefined;
    };
    switch (slot.type) {
      case 'image':
      case 'video':
      case 'audio': {
        const url = str('url');
        if (url === undefined) out.set(name, { problem: `Give the ${slot.type}'s URL.` });
        else if (!isMediaRef(url.trim()))
          out.set(name, {
            problem: `Enter a valid http(s) URL of ${slot.type === 'image' ? 'an image' : slot.type === 'video' ? 'a video' : 'an audio file'}.`,
          });
        else out.set(name, { url: url.trim() });
        break;
      }
      case 'text': {
        const text = str('content', 'text');
        if (text === undefined) out.set(name, { problem: 'Give the text as a string.' });
        else if (text.trim() !== '') out.set(name, { text });
        break;
      }
      case 'avatar': {
        const id = str('avatar_id', 'id');
        if (id === undefined) out.set(name, { problem: 'Give a persona id (GET /api/personas/).' });
        else out.set(name, { avatarId: id.trim() });
        break;
      }
      case 'voiceover': {
        const text = str('content', 'text', 'input_text');
        const voiceId = props ? str('voice_id', 'accent') : undefined;
        if (text === undefined && voiceId === undefined) out.set(name, { problem: 'Give the text to speak (a string, or {"text", "voice_id"}).' });
        else out.set(name, { text: text ?? slot.default ?? '', ...(voiceId ? { voiceId } : {}) });
        break;
      }
    }
  }
  return out;
}
