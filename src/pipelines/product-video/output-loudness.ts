import { LIMITER_CEILING_DBFS, MAX_TRUE_PEAK_DBTP, VIDEO_LOUDNESS_LUFS } from '../../core/loudness.js';
import { aacArgs, FASTSTART_ARGS, loudnessGainFilter } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';

/** The rate the finished video's sound is encoded at (what the timeline groups' renders use). */
const OUTPUT_AUDIO_HZ = 48000;
/**
 * The gain and the limiter run at four times that rate: a sample limiter at 48 kHz lets peaks
 * between samples through; at 192 kHz it sees them.
 */
const LIMITER_RATE_HZ = 4 * OUTPUT_AUDIO_HZ;
/** Close enough to the target: another encode is worth it only beyond this. */
const TOLERANCE_LU = 0.5;
/** The true peak the encode must come under, a little inside the contract's −1 dBTP. */
const PEAK_GOAL_DBTP = MAX_TRUE_PEAK_DBTP - 0.3;
const MAX_PASSES = 4;

/**
 * A finished video with its sound passed through `audioFilter`: the picture copied as it is, the
 * audio encoded again as stereo AAC (a mono voice plays on both speakers and is measured so). Pure.
 */
export function loudVideoArgs(a: { input: string; output: string; audioFilter: string }): string[] {
  return [
    '-y',
    '-i',
    a.input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    '-c:v',
    'copy',
    '-filter:a',
    a.audioFilter,
    ...aacArgs({ bitrate: '160k', sampleRateHz: OUTPUT_AUDIO_HZ, channels: 2 }),
    ...FASTSTART_ARGS,
    a.output,
  ];
}

/** Integrated loudness and true peak of a file's sound, printed on stdout (ebur128's metadata). Pure. */
export function loudnessAndPeakArgs(input: string): string[] {
  return ['-i', input, '-map', '0:a:0', '-af', 'ebur128=peak=true:metadata=1,ametadata=mode=print:file=-', '-f', 'null', '-'];
}

/** The last integrated loudness and overall true peak (dBTP) ebur128 printed. Pure. */
export function parseLoudnessAndPeak(printed: string): { integratedLufs: number; truePeakDbtp: number } {
  const last = (key: string) => {
    const all = [...printed.matchAll(new RegExp(`^lavfi\\.r128\\.${key}=(-?[\\d.]+|-?inf|nan)$`, 'gm'))];
    const value = Number(all.at(-1)?.[1]);
    return Number.isFinite(value) ? value : null;
  };
  const integrated = last('I');
  const peak = last('true_peak');
  if (integrated === null || peak === null) throw new Error('ebur128 printed no loudness or true peak');
  return { integratedLufs: integrated, truePeakDbtp: peak > 0 ? 20 * Math.log10(peak) : -120 };
}

/**
 * A product video's sound at the service's video loudness (−14 LUFS, true peak ≤ −1 dBTP), as every
 * other group's output is. The music bed and the presenter's voice reach this step at their own
 * levels (a library track near −20 LUFS, speech at the −16 LUFS of speech files); measuring the
 * finished sound and setting it once is exact whatever the renderer mixed. One static gain and a
 * limiter at 192 kHz; the AAC encode can still overshoot the limiter by a dB or more on dense
 * music (measured up to +2.7 dB at some bitrates), so the encoded result is measured too, and
 * encoded again with the gain corrected and the ceiling lowered by what it overshot.
 */
export async function videoAtOutputLoudness(
  ffmpeg: Pick<FfmpegEngine, 'run' | 'capture' | 'measureLoudness'>,
  req: { input: string; output: string; durationSeconds: number; signal?: AbortSignal },
): Promise<{ integratedLufs: number; truePeakDbtp: number }> {
  const { signal } = req;
  const measured = (await ffmpeg.measureLoudness(req.input, { signal })).integratedLufs;
  let aim = VIDEO_LOUDNESS_LUFS;
  let ceiling = LIMITER_CEILING_DBFS;
  for (let pass = 0; ; pass++) {
    const audioFilter = loudnessGainFilter({ measuredLufs: measured, targetLufs: aim, ceilingDbfs: ceiling, resampleToHz: LIMITER_RATE_HZ });
    await ffmpeg.run(loudVideoArgs({ input: req.input, output: req.output, audioFilter }), { signal, expectedDurationSeconds: req.durationSeconds });
    const result = parseLoudnessAndPeak((await ffmpeg.capture(loudnessAndPeakArgs(req.output), { signal })).toString('utf8'));
    const loudEnough = Math.abs(result.integratedLufs - VIDEO_LOUDNESS_LUFS) <= TOLERANCE_LU;
    const peakOk = result.truePeakDbtp <= PEAK_GOAL_DBTP;
    if (measured <= -60 || pass === MAX_PASSES - 1 || (loudEnough && peakOk)) return result;
    aim += VIDEO_LOUDNESS_LUFS - result.integratedLufs;
    if (!peakOk) ceiling -= result.truePeakDbtp - PEAK_GOAL_DBTP + 0.2;
  }
}
