import type { SpokenAudio } from '../speech/voice-directory.js';

/**
 * A value put into one slot of a template. Media come as a client's URL (fetched by the renderer
 * through the fetcher) or as a local file another pipeline already has (`path`).
 */
export type TemplateMediaValue = { type: 'image' | 'video' | 'audio'; url: string } | { type: 'image' | 'video' | 'audio'; path: string };

export type TemplateValue =
  | TemplateMediaValue
  | { type: 'text'; text: string }
  | { type: 'avatar'; avatarId: string }
  | {
      type: 'voiceover';
      text: string;
      /** Default: the slot's `defaultVoiceId`, then the service's default voice. */
      voiceId?: string;
      /** Speech already made for this text (skips synthesis). */
      speech?: SpokenAudio;
    };

/** Slot name → value; slots left out take their template default. */
export type TemplateValues = Record<string, TemplateValue>;
