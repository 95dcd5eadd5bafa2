import type { PhoneTiming, WordTiming } from '../../../core/timing.js';

/**
 * The port every video pipeline draws its speaking avatar through (URL to Video, AI Avatar,
 * lipsync, templates, product video); declared beside its adapters, drawn-avatar-clips.ts and
 * photo-avatar-clips.ts, and wired in app/.
 */

/** A clip of the speaking avatar covering the whole voiceover, ready to lay over scenes. */
export interface AvatarClip {
  path: string;
  /** The clip carries alpha (WebM VP9 / MOV); otherwise `chromaKeyColor` is keyed out when set. */
  hasAlpha: boolean;
  chromaKeyColor?: string;
}

/** What is behind the avatar in its clip. */
export type ClipBackground = { kind: 'scene' } | { kind: 'color'; color: string } | { kind: 'image'; path: string } | { kind: 'transparent' };

/** Makes the speaking-avatar clip for a voiceover. */
export interface AvatarClipMaker {
  make(req: {
    accountId: string;
    avatarId: string;
    audioPath: string;
    words: WordTiming[];
    /** The engine's phones, when the voice came from an engine that reports them. */
    phones?: PhoneTiming[];
    durationSeconds: number;
    /** Size of the clip in pixels; styles scale it down from there. */
    widthPx: number;
    heightPx: number;
    /** What is behind the avatar (default: the avatar's own drawn scene). Photo avatars keep their photo. */
    background?: ClipBackground;
    /** A photo to animate instead of a persona (URL to video's override_avatar_by_image); `avatarId` then only seeds the motion. */
    photoPath?: string;
    workDir: string;
    /** The clip must carry alpha (transparent output); otherwise alpha or a keyable colour will do. */
    wantAlpha?: boolean;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  }): Promise<AvatarClip>;
  /**
   * Whether this avatar can be drawn alone on a transparent background (the figure cut out).
   * Photo avatars cannot: nothing separates the person from the photo's own background.
   * Absent: never.
   */
  canCutOut?(req: { accountId: string; avatarId: string; photoPath?: string }): boolean;
}
