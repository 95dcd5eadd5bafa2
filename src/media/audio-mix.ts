import { FilterGraphBuilder, num } from './filter-graph.js';
import type { Timeline } from './timeline.js';

export const TARGET_LOUDNESS_LUFS = -14;
const DEFAULT_MUSIC_VOLUME = 0.2;
const DEFAULT_MUSIC_FADE_SECONDS = 2;
const MAX_GAIN_DB = 30;

/** Where the mix is made and encoded. Previews use 24 kHz mono: the AAC encoder runs on
 * ffmpeg's main thread and at 48 kHz stereo it costs a preview as much as all of its video. */
export interface AudioFormat {
  sampleRateHz: number;
  channels: 1 | 2;
}

export const RENDER_AUDIO: AudioFormat = { sampleRateHz: 48000, channels: 2 };
export const PREVIEW_AUDIO: AudioFormat = { sampleRateHz: 24000, channels: 1 };

function normalizeFormat(format: AudioFormat): string {
  const layout = format.channels === 1 ? 'mono' : 'stereo';
  return `aresample=${format.sampleRateHz},aformat=sample_fmts=fltp:sample_rates=${format.sampleRateHz}:channel_layouts=${layout}`;
}

/**
 * Measured integrated loudness of the inputs (media/render measures them before compiling).
 * With them each track gets one static gain to the target, which keeps the speech's dynamics
 * and costs nothing; without them the graph falls back to ffmpeg's loudnorm, which is slower.
 */
export interface AudioLevels {
  voiceClipLufs?: (number | undefined)[];
  musicLufs?: number;
}

/**
 * Voiceover clips placed on the timeline, music looped to length with a fade-out and ducked
 * under the speech (sidechain compression keyed by the voice), then a limiter. Each track is
 * brought to −14 LUFS before its volume (0–1) applies, so volume 1 speech lands near −14 LUFS
 * and `volume` keeps its meaning whatever the source levels were.
 */
export function addAudioMix(
  g: FilterGraphBuilder,
  timeline: Timeline,
  durationSeconds: number,
  levels: AudioLevels = {},
  format: AudioFormat = RENDER_AUDIO,
): string {
  const D = num(durationSeconds);
  const fmt = normalizeFormat(format);
  const out = g.label('aout');
  const voice = addVoiceover(g, timeline, durationSeconds, levels, fmt);
  const music = addMusic(g, timeline, durationSeconds, levels, fmt);
  const limiter = 'alimiter=limit=0.89:level=false';

  if (voice && music) {
    const [voiceMix, voiceKey, ducked] = [g.label('vmix'), g.label('vkey'), g.label('duck')];
    g.chain(voice, ['asplit=2'], `${voiceMix}${voiceKey}`);
    // About 12 dB of ducking while the voice speaks at its normalised level.
    g.chain(`${music}${voiceKey}`, ['sidechaincompress=threshold=0.05:ratio=4:attack=20:release=400:makeup=1'], ducked);
    g.chain(`${voiceMix}${ducked}`, ['amix=inputs=2:normalize=0:duration=first', limiter, `atrim=end=${D}`, fmt], out);
  } else if (voice || music) {
    g.chain((voice ?? music)!, [limiter, `atrim=end=${D}`, fmt], out);
  } else {
    g.chain('', [`anullsrc=r=${format.sampleRateHz}:cl=${format.channels === 1 ? 'mono' : 'stereo'}`, `atrim=end=${D}`, fmt], out);
  }
  return out;
}

function gainFilters(measuredLufs: number | undefined, fmt: string): string[] {
  if (measuredLufs === undefined || !Number.isFinite(measuredLufs)) {
    // loudnorm works at 192 kHz internally; bring it back to the mix format.
    return [`loudnorm=I=${TARGET_LOUDNESS_LUFS}:TP=-1.5:LRA=11`, fmt];
  }
  // Silence measures about −70 LUFS: do not boost it into noise.
  const gainDb = Math.min(MAX_GAIN_DB, TARGET_LOUDNESS_LUFS - measuredLufs);
  return measuredLufs <= -60 ? [] : [`volume=${num(gainDb)}dB`];
}

function addVoiceover(g: FilterGraphBuilder, timeline: Timeline, durationSeconds: number, levels: AudioLevels, fmt: string): string | undefined {
  const clips = (timeline.voiceover?.clips ?? []).filter((c) => (c.startSeconds ?? 0) < durationSeconds);
  if (clips.length === 0) return undefined;
  const volume = clamp01(timeline.voiceover?.volume ?? 1);
  const placed = clips.map((clip, i) => {
    const input = g.addInput(clip.path);
    const label = g.label('vc');
    const delayMs = Math.round(Math.max(0, clip.startSeconds ?? 0) * 1000);
    const clipVolume = clip.volume === undefined ? [] : [`volume=${num(clamp01(clip.volume))}`];
    g.chain(`[${input}:a]`, [fmt, ...gainFilters(levels.voiceClipLufs?.[i], fmt), ...clipVolume, `adelay=delays=${delayMs}:all=1`], label);
    return label;
  });
  const out = g.label('voice');
  const D = num(durationSeconds);
  const tail = [`volume=${num(volume)}`, `apad=whole_dur=${D}`, `atrim=end=${D}`];
  if (placed.length === 1) g.chain(placed[0]!, tail, out);
  else g.chain(placed.join(''), [`amix=inputs=${placed.length}:normalize=0:duration=longest`, ...tail], out);
  return out;
}

function addMusic(g: FilterGraphBuilder, timeline: Timeline, durationSeconds: number, levels: AudioLevels, fmt: string): string | undefined {
  const music = timeline.music;
  if (!music) return undefined;
  const loop = music.loop ?? true;
  const D = num(durationSeconds);
  const input = g.addInput(music.path, [...(loop ? ['-stream_loop', '-1'] : []), '-t', D]);
  const fadeSeconds = Math.min(music.fadeOutSeconds ?? DEFAULT_MUSIC_FADE_SECONDS, durationSeconds / 2);
  const out = g.label('music');
  g.chain(`[${input}:a]`, [
    fmt,
    ...gainFilters(levels.musicLufs, fmt),
    `volume=${num(clamp01(music.volume ?? DEFAULT_MUSIC_VOLUME))}`,
    `apad=whole_dur=${D}`, `atrim=end=${D}`,
    ...(fadeSeconds > 0 ? [`afade=t=out:st=${num(durationSeconds - fadeSeconds)}:d=${num(fadeSeconds)}`] : []),
  ], out);
  return out;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}
