import { seconds } from './global.js';

/**
 * How an MP3 is encoded, per use. They differ on purpose (and each keeps what its use produced
 * before these presets existed):
 * - `speech`: the text-to-speech download and voice previews, a file clients keep. Mono, VBR
 *   quality 2: at quality 4 the loudness limiter's work and the encoder's together smeared
 *   consonants enough that the offline recogniser of `bench/intelligibility.ts` misheard the best
 *   voice (RHVoice bdl) twice as often (WER 0.116 vs 0.062 at quality 2, same texts and voice).
 * - `music`: the built-in music library, stereo music that plays under videos: CBR 192 kb/s, so
 *   cymbals and pads keep their air after a second encode into the video's AAC.
 * - `planVoice`: voice tracks a video plan keeps as an intermediate (a client's audio, a voice
 *   slowed or sped to fit), re-encoded into the final video: CBR 128 kb/s, enough for one more
 *   generation of a voice; CBR so the plan's durations read the same in every decoder.
 * - `silence`: a gap in a scene plan; it holds nothing, 64 kb/s is the smallest that every
 *   decoder in the chain takes without complaint.
 */
export interface Mp3Preset {
  /** CBR bitrate (`-b:a`), e.g. `128k`; or a VBR quality (`-q:a`, 0 best … 9). */
  quality: { bitrate: string } | { vbrQuality: number };
  /** Down-mix to this many channels (`-ac`); unset keeps the input's. */
  channels?: number;
  /** Resample (`-ar`); unset keeps the input's rate. */
  sampleRateHz?: number;
  /** Ignore any video or cover-art stream of the input (`-vn`). */
  dropVideo?: boolean;
}

export const MP3_PRESETS = {
  speech: { quality: { vbrQuality: 2 }, channels: 1, dropVideo: true },
  music: { quality: { bitrate: '192k' } },
  planVoice: { quality: { bitrate: '128k' } },
  /** A client's own voiceover as a plan's voice track: mono at 44.1 kHz, whatever the upload was. */
  planVoiceFromClientAudio: { quality: { bitrate: '128k' }, channels: 1, sampleRateHz: 44100, dropVideo: true },
  silence: { quality: { bitrate: '64k' } },
} as const satisfies Record<string, Mp3Preset>;

export interface Mp3EncodeRequest {
  input: string;
  output: string;
  preset: Mp3Preset;
  /** Options that describe the input (e.g. `-f lavfi` for a generated source). */
  inputOptions?: readonly string[];
  /** An audio filter chain (`-filter:a`), e.g. `atempo=1.0500`. */
  audioFilter?: string;
  /** Stop writing after this many seconds (`-t`). */
  maxSeconds?: number;
}

/** Any audio → MP3 with libmp3lame, the one way this service writes MP3. */
export function mp3EncodeArgs(req: Mp3EncodeRequest): string[] {
  const p = req.preset;
  return [
    '-y',
    ...(req.inputOptions ?? []),
    '-i',
    req.input,
    ...(p.dropVideo ? ['-vn'] : []),
    ...(req.audioFilter ? ['-filter:a', req.audioFilter] : []),
    ...(req.maxSeconds !== undefined ? ['-t', seconds(req.maxSeconds)] : []),
    ...(p.channels ? ['-ac', String(p.channels)] : []),
    ...(p.sampleRateHz ? ['-ar', String(p.sampleRateHz)] : []),
    '-c:a',
    'libmp3lame',
    ...('bitrate' in p.quality ? ['-b:a', p.quality.bitrate] : ['-q:a', String(p.quality.vbrQuality)]),
    req.output,
  ];
}

/** Digital silence of a length, as MP3 (a mono 44.1 kHz source, the rate speech engines write). */
export function silentMp3Args(durationSeconds: number, output: string): string[] {
  return mp3EncodeArgs({
    input: 'anullsrc=r=44100:cl=mono',
    inputOptions: ['-f', 'lavfi'],
    maxSeconds: durationSeconds,
    preset: MP3_PRESETS.silence,
    output,
  });
}

/** A voice track slowed or sped by a tempo factor (pitch kept), for a plan's timing. */
export function tempoMp3Args(input: string, tempo: number, output: string): string[] {
  return mp3EncodeArgs({ input, audioFilter: `atempo=${tempo.toFixed(4)}`, preset: MP3_PRESETS.planVoice, output });
}
