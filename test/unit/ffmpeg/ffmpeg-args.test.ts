import { describe, expect, it } from 'vitest';
import {
  MP3_PRESETS,
  aacArgs,
  decodeToWavArgs,
  ffprobeArgs,
  frameImageArgs,
  h264Args,
  loudnessArgs,
  monoPcmArgs,
  mp3EncodeArgs,
  opusArgs,
  rawRgbFrameArgs,
  silentMp3Args,
  tempoMp3Args,
  thumbnailOutputArgs,
  videoThumbnailArgs,
  voiceInWindowWavArgs,
  vp9AlphaArgs,
} from '../../../src/engines/ffmpeg/args/index.js';

/** The lists each caller spelled by hand before the builders: a builder must reproduce them. */
describe('MP3 encoding', () => {
  it('speech: mono VBR quality 4, video streams ignored', () => {
    expect(mp3EncodeArgs({ input: 'speech.wav', output: 'speech.mp3', preset: MP3_PRESETS.speech })).toEqual([
      '-y',
      '-i',
      'speech.wav',
      '-vn',
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-q:a',
      '2',
      'speech.mp3',
    ]);
  });

  it('music: CBR 192 kb/s, channels kept', () => {
    expect(mp3EncodeArgs({ input: 'track.wav', output: 'track.mp3', preset: MP3_PRESETS.music })).toEqual([
      '-y',
      '-i',
      'track.wav',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '192k',
      'track.mp3',
    ]);
  });

  it('a client voiceover as a plan voice track: mono 44.1 kHz CBR 128 kb/s', () => {
    expect(mp3EncodeArgs({ input: 'upload', output: 'voice.mp3', preset: MP3_PRESETS.planVoiceFromClientAudio })).toEqual([
      '-y',
      '-i',
      'upload',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '44100',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      'voice.mp3',
    ]);
  });

  it('a voice fitted by tempo: atempo with four decimals, CBR 128 kb/s', () => {
    expect(tempoMp3Args('speech.mp3', 1.05, 'speech-fit.mp3')).toEqual([
      '-y',
      '-i',
      'speech.mp3',
      '-filter:a',
      'atempo=1.0500',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '128k',
      'speech-fit.mp3',
    ]);
  });

  it('silence of a length from a generated mono source, CBR 64 kb/s', () => {
    expect(silentMp3Args(1.5, 'gap.mp3')).toEqual([
      '-y',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=mono',
      '-t',
      '1.500',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      'gap.mp3',
    ]);
  });

  it('every preset names libmp3lame and exactly one of bitrate or VBR quality', () => {
    for (const preset of Object.values(MP3_PRESETS)) {
      const args = mp3EncodeArgs({ input: 'in', output: 'out.mp3', preset });
      expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 2)).toEqual(['-c:a', 'libmp3lame']);
      expect(args.filter((a) => a === '-b:a' || a === '-q:a')).toHaveLength(1);
      expect(args.at(-1)).toBe('out.mp3');
    }
  });
});

describe('frames and thumbnails', () => {
  it('a thumbnail at a time as JPEG quality 3 (Aurora)', () => {
    expect(frameImageArgs({ input: 'v.mp4', atSeconds: 0.5, jpegQuality: 3, output: 'thumb.jpg' })).toEqual([
      '-y',
      '-ss',
      '0.500',
      '-i',
      'v.mp4',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      'thumb.jpg',
    ]);
  });

  it("a finished video's thumbnail: at most so far in, the middle of a shorter video, optionally scaled (Aurora, product video, assets)", () => {
    expect(videoThumbnailArgs({ input: 'v.mp4', durationSeconds: 8, atMostSeconds: 1, output: 'thumb.jpg' })).toEqual([
      '-y',
      '-ss',
      '1.000',
      '-i',
      'v.mp4',
      '-frames:v',
      '1',
      '-q:v',
      '3',
      'thumb.jpg',
    ]);
    expect(videoThumbnailArgs({ input: 'v.mp4', durationSeconds: 0.6, atMostSeconds: 0.5, width: 480, output: 'thumb.jpg' })).toEqual(
      frameImageArgs({ input: 'v.mp4', atSeconds: 0.3, width: 480, jpegQuality: 3, output: 'thumb.jpg' }),
    );
    expect(videoThumbnailArgs({ input: 'v.mp4', durationSeconds: 0.6, atMostSeconds: 0.5, width: 480, output: 'thumb.jpg' })).toContain('scale=480:-2');
  });

  it('the first frame scaled to a width, height by aspect (talking video)', () => {
    expect(frameImageArgs({ input: 'clip.webm', width: 720, output: 'thumb.jpg' })).toEqual([
      '-y',
      '-i',
      'clip.webm',
      '-frames:v',
      '1',
      '-vf',
      'scale=720:-2',
      'thumb.jpg',
    ]);
  });

  it('a still as PNG at a time (sampled frames)', () => {
    expect(frameImageArgs({ input: 'v.mov', atSeconds: 2, output: 'f.png' })).toEqual(['-y', '-ss', '2.000', '-i', 'v.mov', '-frames:v', '1', 'f.png']);
  });

  it('a thumbnail as a second output of a render: one image of a labelled stream', () => {
    expect(thumbnailOutputArgs('[thumb]', 't.jpg')).toEqual(['-map', '[thumb]', '-frames:v', '1', '-q:v', '3', '-update', '1', 't.jpg']);
  });

  it('a raw RGB frame on stdout at a size', () => {
    expect(rawRgbFrameArgs('v.mp4', 1.25, { width: 64, height: 36 })).toEqual([
      '-ss',
      '1.250',
      '-i',
      'v.mp4',
      '-frames:v',
      '1',
      '-vf',
      'scale=64:36',
      '-pix_fmt',
      'rgb24',
      '-f',
      'rawvideo',
      'pipe:1',
    ]);
  });
});

describe('probing and reading audio', () => {
  it('ffprobe: format and streams as JSON, errors only', () => {
    expect(ffprobeArgs('a.mp3')).toEqual(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', 'a.mp3']);
  });

  it('loudness: ebur128 on the first audio stream, limited when asked', () => {
    expect(loudnessArgs('a.mp3')).toEqual(['-i', 'a.mp3', '-map', '0:a:0', '-af', 'ebur128=framelog=verbose', '-f', 'null', '-']);
    expect(loudnessArgs('a.mp3', { maxSeconds: 30 }).slice(0, 2)).toEqual(['-t', '30']);
  });

  it('mono PCM on stdout: video dropped for the mouth analysis, a filter for level measurements', () => {
    expect(monoPcmArgs('v.mp4', { sampleRateHz: 16000, dropVideo: true })).toEqual([
      '-i',
      'v.mp4',
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-f',
      's16le',
      'pipe:1',
    ]);
    expect(monoPcmArgs('a.wav', { sampleRateHz: 8000, audioFilter: 'bandpass=f=100' })).toEqual([
      '-i',
      'a.wav',
      '-map',
      '0:a:0',
      '-af',
      'bandpass=f=100',
      '-ac',
      '1',
      '-ar',
      '8000',
      '-f',
      's16le',
      'pipe:1',
    ]);
  });

  it('decode to a 16-bit mono WAV, optionally cut and resampled', () => {
    expect(decodeToWavArgs('in.mp3', 'out.wav')).toEqual(['-y', '-i', 'in.mp3', '-vn', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', 'out.wav']);
    expect(decodeToWavArgs('in.m4a', 'out.wav', { sampleRateHz: 16000, maxSeconds: 601 })).toEqual([
      '-y',
      '-i',
      'in.m4a',
      '-t',
      '601',
      '-vn',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      'out.wav',
    ]);
  });
});

describe('video encoders', () => {
  it('H.264 4:2:0 with a preset and CRF, a tune in between when asked', () => {
    expect(h264Args({ preset: 'veryfast', crf: 20 })).toEqual(['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p']);
    expect(h264Args({ preset: 'medium', crf: 23, tune: 'animation' })).toEqual([
      '-c:v',
      'libx264',
      '-preset',
      'medium',
      '-tune',
      'animation',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
    ]);
  });

  it('VP9 with alpha at a constant quality or a bitrate', () => {
    expect(vp9AlphaArgs({ crf: 34, noAltRef: true })).toEqual([
      '-c:v',
      'libvpx-vp9',
      '-pix_fmt',
      'yuva420p',
      '-auto-alt-ref',
      '0',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-row-mt',
      '1',
      '-b:v',
      '0',
      '-crf',
      '34',
    ]);
    expect(vp9AlphaArgs({ bitrate: '1500k' })).toEqual([
      '-c:v',
      'libvpx-vp9',
      '-pix_fmt',
      'yuva420p',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-row-mt',
      '1',
      '-b:v',
      '1500k',
    ]);
  });

  it('AAC and Opus audio', () => {
    // No perceptual noise substitution from 128 kb/s (it clicked at 192k); kept at preview bitrates.
    expect(aacArgs({ bitrate: '192k' })).toEqual(['-c:a', 'aac', '-aac_pns', '0', '-b:a', '192k']);
    expect(aacArgs({ bitrate: '128k', sampleRateHz: 48000, channels: 2 })).toEqual([
      '-c:a',
      'aac',
      '-aac_pns',
      '0',
      '-b:a',
      '128k',
      '-ar',
      '48000',
      '-ac',
      '2',
    ]);
    expect(aacArgs({ bitrate: '64k' })).toEqual(['-c:a', 'aac', '-b:a', '64k']);
    expect(opusArgs({ bitrate: '96k' })).toEqual(['-c:a', 'libopus', '-b:a', '96k']);
  });
});

describe('voice placed in a window', () => {
  it('delays by the lead, pads with silence, cuts at the length, mono 44.1 kHz WAV', () => {
    expect(voiceInWindowWavArgs('voice.mp3', { leadSeconds: 0.25, lengthSeconds: 3 }, 'v.wav')).toEqual([
      '-y',
      '-i',
      'voice.mp3',
      '-af',
      'adelay=delays=250:all=1,apad',
      '-t',
      '3.000',
      '-ac',
      '1',
      '-ar',
      '44100',
      'v.wav',
    ]);
  });
});
