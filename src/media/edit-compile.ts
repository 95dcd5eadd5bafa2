/**
 * An AI edit → one ffmpeg run: the source's kept spans cut, each through its own moving crop
 * (the reframing, with its punch-in) and scaled to the output frame, joined; captions and the
 * preview mark drawn by the one ASS overlay; the cut voice and the music mixed and ducked by the
 * shared audio mix. Pure: the caller writes `files` into the working directory and runs `args`.
 */
import { movingCropFilter, seconds, type CropKey } from '../engines/ffmpeg/args/index.js';
import type { WordTiming } from '../core/timing.js';
import { addAudioMix, type AudioLevels } from './audio-mix.js';
import type { CaptionSettingInput } from './captions/caption-setting.js';
import { FilterGraphBuilder } from './filter-graph.js';
import { even, FRAMES_PER_SECOND as FPS, type FrameSize } from './frame-size.js';
import { chainWithThumbnail, type CompiledRender, ENCODING, encodeArgs, overlayTail, TimelineError } from './compile.js';
import type { AspectRatio, RenderQuality } from './timeline.js';

export interface EditCut {
  /** The span of the source kept, seconds (multiples of one frame at 30 fps). */
  sourceStartSeconds: number;
  sourceEndSeconds: number;
  /** The window taken from the source, pixels, and where it is over the cut's time (from the cut's start). */
  crop: { width: number; height: number; path: CropKey[] };
}

export interface EditRenderRequest {
  sourcePath: string;
  /** The kept spans' sound, joined (same times as `cuts`); absent for a silent source. */
  voicePath?: string;
  /** Full-quality frame of the output; a preview is scaled down from it (short side 360). */
  frame: FrameSize;
  cuts: EditCut[];
  /** Words on the edit's time line; none → no captions. */
  captions?: { words: WordTiming[]; setting: CaptionSettingInput };
  music?: { path: string; volume: number };
  voiceVolume?: number;
  quality: RenderQuality;
  /** x264 preset override (default: the encoding table's for `quality`). */
  encoderPreset?: string;
  videoPath: string;
  thumbnailPath?: string;
  audioLevels?: AudioLevels;
  installedFontFamilies?: readonly string[];
}

export type CompiledEdit = CompiledRender;

/** The output frame of a preview: the same shape, short side 360 (the contract's 360p class). */
export function editFrameFor(frame: FrameSize, quality: RenderQuality): FrameSize {
  if (quality === 'render') return frame;
  const factor = 360 / Math.min(frame.width, frame.height);
  return { width: even(frame.width * factor), height: even(frame.height * factor) };
}

export function editedSeconds(cuts: readonly EditCut[]): number {
  return cuts.reduce((sum, c) => sum + (c.sourceEndSeconds - c.sourceStartSeconds), 0);
}

export function compileEdit(req: EditRenderRequest): CompiledEdit {
  if (req.cuts.length === 0) throw new TimelineError('an edit needs at least one kept span');
  const frame = editFrameFor(req.frame, req.quality);
  const durationSeconds = editedSeconds(req.cuts);
  const g = new FilterGraphBuilder();
  const source = g.addInput(req.sourcePath);
  const branches = req.cuts.map(() => g.label('src'));
  // One decode at a steady 30 fps, split per cut: every cut then holds a whole number of frames.
  g.chain(`[${source}:v]`, [`fps=${FPS}`, `split=${req.cuts.length}`], branches.join(''));
  const parts = req.cuts.map((cut, i) => {
    const out = g.label('cut');
    g.chain(
      branches[i]!,
      [
        `trim=start=${seconds(cut.sourceStartSeconds)}:end=${seconds(cut.sourceEndSeconds)}`,
        'setpts=PTS-STARTPTS',
        movingCropFilter(cut.crop),
        `scale=${frame.width}:${frame.height}:flags=bicubic`,
        'setsar=1',
      ],
      out,
    );
    return out;
  });
  const joined = g.label('joined');
  g.chain(parts.join(''), [`concat=n=${parts.length}:v=1:a=0`], joined);

  const overlay = overlayTail({
    timeline: { aspectRatio: aspectOf(req.frame), scenes: [], ...(req.captions ? { captions: req.captions } : {}) },
    frame: req.frame,
    durationSeconds,
    textLayers: [],
    ctaLayers: [],
    watermark: req.quality === 'preview',
    installedFontFamilies: req.installedFontFamilies,
  });
  const finalVideo = g.label('vout');
  const thumbnail = g.label('thumb');
  const thumbnailFrame = Math.min(Math.round(durationSeconds * FPS) - 1, Math.max(0, Math.round((durationSeconds / 2) * FPS)));
  chainWithThumbnail(g, joined, overlay.tail, [], finalVideo, req.thumbnailPath ? { frameIndex: thumbnailFrame, label: thumbnail } : undefined);

  const enc = ENCODING[req.quality];
  const audio = addAudioMix(
    g,
    {
      aspectRatio: aspectOf(req.frame),
      scenes: [],
      ...(req.voicePath ? { voiceover: { clips: [{ path: req.voicePath }], volume: req.voiceVolume ?? 1 } } : {}),
      ...(req.music ? { music: { path: req.music.path, volume: req.music.volume } } : {}),
    },
    durationSeconds,
    req.audioLevels,
    enc.audio,
  );
  const filterGraph = g.graph();
  const args = encodeArgs(g, filterGraph, { video: finalVideo, audio, thumbnail }, req, durationSeconds);
  return { args, filterGraph, expectedDurationSeconds: durationSeconds, files: overlay.files, frame };
}

function aspectOf(frame: FrameSize): AspectRatio {
  if (frame.width === frame.height) return '1:1';
  return frame.width > frame.height ? '16:9' : '9:16';
}
