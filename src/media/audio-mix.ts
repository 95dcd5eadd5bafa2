import { type FilterGraphBuilder, num } from './filter-graph.js';
import { MAX_TRUE_PEAK_DBTP, VIDEO_LOUDNESS_LUFS } from '../core/loudness.js';
import type { Timeline } from './timeline.js';

export const TARGET_LOUDNESS_LUFS = VIDEO_LOUDNESS_LUFS;
const DEFAULT_MUSIC_VOLUME = 0.2;
/**
 * Music is a bed, not a whisper: `volume` 0.2 puts it 6 dB under the voice's level in pauses
 * (20·log10(volume) + this), and the ducking below takes it about 6 dB further while anyone
 * speaks, so it sits 10–14 dB under the voice (measured in test/integration/media/audio-levels).
 */
export const MUSIC_BED_BOOST_DB = 8;
/**
 * Sample-peak ceiling of the limiter, under the true-peak target: AAC and the inter-sample
 * peaks add up to about 0.5 dB (previews at 24 kHz measured −0.7 dBTP behind a −1 dBFS limit).
 */
const LIMITER_CEILING_DB = MAX_TRUE_PEAK_DBTP - 0.8;
/**
 * Previews' ceiling: their AAC (64 kb/s at 24 kHz) overshoots more, a peaky espeak voice
 * limited at the render's ceiling read −0.2 dBTP in a preview.
 */
const PREVIEW_LIMITER_CEILING_DB = MAX_TRUE_PEAK_DBTP - 2;
/**
 * Moderate ducking keyed by the voice: ratio 2 above −26 dBFS takes a voice at its normalised
 * level about 6 dB off the music; the slow release lets the music come back up in pauses.
 */
const DUCKING = 'sidechaincompress=threshold=0.05:ratio=2:knee=4:attack=40:release=600:makeup=1';
const DEFAULT_MUSIC_FADE_SECONDS = 2;
/** How much louder a mono track is heard on two speakers than on one (ITU-R BS.1770 dual mono). */
const MONO_ON_TWO_SPEAKERS_DB = 3;
const MAX_GAIN_DB = 30;
const MAX_VOICE_LIFT_DB = 6;

/** Where the mix is made and encoded. Previews use 24 kHz: the AAC encoder runs on ffmpeg's main
 * thread and at 48 kHz it costs a preview as much as all of its video. They stay stereo: a mono
 * track measures 3 dB under what two speakers play, so a mono preview read −17 LUFS in every
 * loudness tool while it played at −14, and one trimmed to read −14 played 3 dB over its render. */
export interface AudioFormat {
  sampleRateHz: number;
  channels: 1 | 2;
  /** The limiter's ceiling: the previews' smaller AAC overshoots more. */
  ceilingDb: number;
}

export const RENDER_AUDIO: AudioFormat = { sampleRateHz: 48000, channels: 2, ceilingDb: LIMITER_CEILING_DB };
export const PREVIEW_AUDIO: AudioFormat = { sampleRateHz: 24000, channels: 2, ceilingDb: PREVIEW_LIMITER_CEILING_DB };

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
  const music = addMusic(g, timeline, durationSeconds, levels, fmt, !voice);
  // Limited at four times the rate: peaks between samples (a 5 kHz tone at 24 kHz read +2 dBTP
  // behind a sample limiter) are then caught; the format after it brings the rate back.
  // A mono mix plays on both speakers, and is heard (and measured, as dual mono) 3 dB louder than
  // the same sound in stereo: it is mixed 3 dB lower to be as loud as a stereo one.
  const monoTrim = format.channels === 1 ? -MONO_ON_TWO_SPEAKERS_DB : 0;
  const lift = voice ? voiceLiftDb(timeline) : 0;
  const trimDb = monoTrim + lift;
  const levelTrim = trimDb !== 0 ? `volume=${num(trimDb)}dB,` : '';
  const limiter = `${levelTrim}aresample=${format.sampleRateHz * 4},alimiter=limit=${num(10 ** (format.ceilingDb / 20))}:attack=5:release=50:level=false`;

  if (voice && music) {
    const [voiceMix, voiceKey, ducked] = [g.label('vmix'), g.label('vkey'), g.label('duck')];
    g.chain(voice, ['asplit=2'], `${voiceMix}${voiceKey}`);
    g.chain(`${music}${voiceKey}`, [DUCKING], ducked);
    g.chain(`${voiceMix}${ducked}`, ['amix=inputs=2:normalize=0:duration=first', limiter, `atrim=end=${D}`, fmt], out);
  } else if (voice || music) {
    g.chain((voice ?? music)!, [limiter, `atrim=end=${D}`, fmt], out);
  } else {
    g.chain('', [`anullsrc=r=${format.sampleRateHz}:cl=${format.channels === 1 ? 'mono' : 'stereo'}`, `atrim=end=${D}`, fmt], out);
  }
  return out;
}

/**
 * Volumes are a balance, not a fader on the output: a voice asked at 0.8 (AI Avatar v2's default)
 * would leave the video 2 dB under the loudness every output keeps. The loudest voice is lifted to
 * the target, and the music with it, so their distance is what the client asked; at most
 * MAX_VOICE_LIFT_DB, so a whisper asked under loud music does not push the music into the limiter.
 */
export function voiceLiftDb(timeline: Timeline): number {
  const track = clamp01(timeline.voiceover?.volume ?? 1);
  const loudest = track * Math.max(0, ...(timeline.voiceover?.clips ?? []).map((c) => clamp01(c.volume ?? 1)));
  if (loudest <= 0 || loudest >= 1) return 0;
  return Math.min(MAX_VOICE_LIFT_DB, -20 * Math.log10(loudest));
}

function gainFilters(measuredLufs: number | undefined, fmt: string): string[] {
  if (measuredLufs === undefined || !Number.isFinite(measuredLufs)) {
    // loudnorm works at 192 kHz internally; bring it back to the mix format.
    return [`loudnorm=I=${TARGET_LOUDNESS_LUFS}:TP=${MAX_TRUE_PEAK_DBTP - 0.5}:LRA=11`, fmt];
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

/**
 * The music track. Under a voice it is a bed at its volume (`musicGainDb`); alone (a template whose
 * voiceover is empty, an edit of footage without sound) it is the whole sound, set to the video
 * loudness like any output: its volume, a level under a voice, has nothing to sit under (0 still silences it).
 */
function addMusic(g: FilterGraphBuilder, timeline: Timeline, durationSeconds: number, levels: AudioLevels, fmt: string, alone: boolean): string | undefined {
  const music = timeline.music;
  if (!music) return undefined;
  const loop = music.loop ?? true;
  const D = num(durationSeconds);
  const input = g.addInput(music.path, [...(loop ? ['-stream_loop', '-1'] : []), '-t', D]);
  const fadeSeconds = Math.min(music.fadeOutSeconds ?? DEFAULT_MUSIC_FADE_SECONDS, durationSeconds / 2);
  const out = g.label('music');
  g.chain(
    `[${input}:a]`,
    [
      fmt,
      ...gainFilters(levels.musicLufs, fmt),
      `volume=${num(alone ? (clamp01(music.volume ?? DEFAULT_MUSIC_VOLUME) > 0 ? 0 : -120) : musicGainDb(music.volume))}dB`,
      `apad=whole_dur=${D}`,
      `atrim=end=${D}`,
      ...(fadeSeconds > 0 ? [`afade=t=out:st=${num(durationSeconds - fadeSeconds)}:d=${num(fadeSeconds)}`] : []),
    ],
    out,
  );
  return out;
}

/** The music's gain after its loudness normalisation: its bed level (see MUSIC_BED_BOOST_DB); 0 is silence. */
export function musicGainDb(volume: number | undefined): number {
  const v = clamp01(volume ?? DEFAULT_MUSIC_VOLUME);
  return v <= 0 ? -120 : 20 * Math.log10(v) + MUSIC_BED_BOOST_DB;
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}
