/**
 * The timeline model: what a video is made of, independent of ffmpeg. Times are seconds,
 * positions are offsets from the frame centre as fractions of the frame (−0.5..0.5, like the
 * contract's `offset`), colours are `#RRGGBB` or `#RRGGBBAA`.
 */
import type { WordTiming } from '../core/timing.js';
import type { CaptionSettingInput } from './captions/caption-setting.js';

export type AspectRatio = '16:9' | '9:16' | '1:1';
export type RenderQuality = 'preview' | 'render';
/**
 * crop: fill the frame, cutting what overflows; contain: all of the picture over a blurred fill of
 * itself (never black bars); whole: crop when the picture's shape matches the frame within 10 %,
 * contain otherwise (product pictures); backdrop: only the blurred fill (the picture is a layer).
 * Layers know crop and contain only (whole and backdrop read as contain there).
 */
export type BackgroundFit = 'crop' | 'contain' | 'whole' | 'backdrop';
/** push-in: a move in on one point of a picture, given by the background's `push` (without one the picture stands still). */
export type BackgroundMotion = 'zoom-in' | 'zoom-out' | 'slide-left' | 'wobble' | 'throb' | 'push-in';
/** Where a push-in goes: the view ends at 1/zoom of the picture, the point (x, y) (fractions of it) staying put. */
export interface PushIn {
  zoom: number;
  x: number;
  y: number;
}
export type TransitionKind = 'fade' | 'leftSwipe' | 'rightSwipe' | 'topSwipe' | 'bottomSwipe';

export type SceneBackground =
  | { kind: 'color'; color: string }
  | { kind: 'image'; path: string; fit?: BackgroundFit; motion?: BackgroundMotion | null; push?: PushIn }
  | {
      kind: 'video';
      path: string;
      fit?: BackgroundFit;
      motion?: BackgroundMotion | null;
      /** Repeat a clip shorter than the scene (default true); otherwise its last frame holds. */
      loop?: boolean;
      /** Skip this much of the source first. */
      sourceStartSeconds?: number;
    };

export interface FramePosition {
  x: number;
  y: number;
}

export interface Transition {
  kind: TransitionKind;
  /** Default 0.5; clamped to half the shorter of the two scenes. */
  durationSeconds?: number;
}

interface LayerCommon {
  /** Centre of the layer; default centre of the frame (logos: top-right corner). */
  position?: FramePosition;
  /**
   * Size: the layer is first fitted inside the frame keeping its shape, then multiplied by
   * this (1 = as large as fits; 0.25 = a quarter of that).
   */
  scale?: number;
  /** Seconds from the start of the scene (scene layers) or of the video (timeline layers). */
  startSeconds?: number;
  endSeconds?: number;
}

/** Picture and clip layers may also be given an exact box and a round shape. */
interface MediaPlacement {
  /**
   * An exact box in fractions of the frame (width, height); replaces `scale`. The media is
   * fitted into it by `fit`: contain (default) keeps all of it, crop fills the box.
   */
  box?: { width: number; height: number };
  fit?: BackgroundFit;
  /** circle: a square from the middle of the box, masked to a disc. */
  shape?: 'normal' | 'circle';
}

export type Layer =
  | (LayerCommon & MediaPlacement & { kind: 'image'; path: string })
  | (LayerCommon & MediaPlacement & { kind: 'logo'; path: string })
  | (LayerCommon & MediaPlacement & { kind: 'video'; path: string; loop?: boolean; sourceStartSeconds?: number })
  | (LayerCommon &
      MediaPlacement & {
        kind: 'avatar';
        /** Skip this much of the clip first: a clip made for the whole voiceover shown from a later scene stays in sync. */
        sourceStartSeconds?: number;
        /** A clip of the speaking avatar; WebM VP9 or MOV with alpha keeps its transparency. */
        path: string;
        /** Key this colour out when the clip has no alpha (green screen). */
        chromaKeyColor?: string;
      })
  | (LayerCommon & {
      kind: 'text';
      text: string;
      fontFamily?: string;
      fontSizePx?: number;
      color?: string;
      backgroundColor?: string;
      bold?: boolean;
    })
  | (LayerCommon & {
      kind: 'cta';
      title: string;
      subtitle?: string;
      backgroundColor?: string;
      textColor?: string;
      fontFamily?: string;
    });

export interface Scene {
  durationSeconds: number;
  background: SceneBackground;
  layers?: Layer[];
  /** The transition into the next scene; ignored on the last scene. */
  transitionOut?: Transition | null;
  /**
   * Draw this scene's picture and clip layers into the scene itself, before transitions, so a
   * swipe or fade carries them with it (text, CTA cards and captions stay on top). Their times
   * are then from the scene's start and may reach into the transitions on either side (see
   * `sceneClipWindow`); without a start or an end a layer covers the scene's whole clip.
   * Default false: layers are laid over the joined video.
   */
  layersInScene?: boolean;
}

export interface VoiceoverClip {
  path: string;
  /** Where the clip starts on the timeline (default 0). */
  startSeconds?: number;
  /** 0–1 after loudness normalisation, times the voiceover's volume (default 1). */
  volume?: number;
}

export interface Timeline {
  aspectRatio: AspectRatio;
  scenes: Scene[];
  /** Layers over the whole video, timed from its start. */
  layers?: Layer[];
  voiceover?: { clips: VoiceoverClip[] /** 0–1, default 1 */; volume?: number };
  /** Any decodable audio file. */
  music?: { path: string /** 0–1, default 0.2 */; volume?: number; loop?: boolean; fadeOutSeconds?: number };
  captions?: CaptionTrack;
  /** More caption tracks, each with its own look (for example one per scene); words timed from the video's start. */
  captionTracks?: CaptionTrack[];
}

export interface CaptionTrack {
  words: WordTiming[];
  setting?: CaptionSettingInput;
}

export interface RenderOutput {
  quality: RenderQuality;
  /** Absolute path of the MP4 to write. */
  videoPath: string;
  /** Absolute path of a JPEG thumbnail, written in the same run. */
  thumbnailPath?: string;
  /** Default: the middle of the first scene. */
  thumbnailAtSeconds?: number;
  /** x264 preset override (default: veryfast for render, ultrafast for preview). */
  encoderPreset?: string;
  /** Output size in pixels instead of the quality's contract size (small test and bench renders); same shape expected. */
  frame?: { width: number; height: number };
}

export function timelineDurationSeconds(timeline: Timeline): number {
  return timeline.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
}
