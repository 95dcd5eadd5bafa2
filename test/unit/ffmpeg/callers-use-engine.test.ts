import { describe, expect, it } from 'vitest';
import { createFakeFfmpegEngine, decodeToWavArgs, monoPcmArgs } from '../../../src/engines/ffmpeg/index.js';
import { decodeToWav } from '../../../src/engines/speech/decode-audio.js';
import { mouthTrackFromAudioFile } from '../../../src/pipelines/avatar/visemes/index.js';
import { analyzeVoiceSample, VoiceSampleRejected } from '../../../src/pipelines/speech/voice-match/analyze-sample.js';

/** Callers that once started ffmpeg themselves now hand the builders' lists to the engine they are given. */
describe('reads through the injected ffmpeg engine', () => {
  it('the mouth of a recording reads mono 16 kHz PCM through capture', async () => {
    const pcm = Buffer.alloc(16000 * 2); // one second of silence
    const ffmpeg = createFakeFfmpegEngine({ onCapture: () => pcm });
    const track = await mouthTrackFromAudioFile(ffmpeg, '/in/voice.mp3');
    expect(ffmpeg.captures.map((c) => c.args)).toEqual([monoPcmArgs('/in/voice.mp3', { sampleRateHz: 16000, dropVideo: true })]);
    expect(track).toHaveLength(30); // one second at the mouth's 30 fps
  });

  it('decoding to WAV is a capture run of the decode arguments', async () => {
    const ffmpeg = createFakeFfmpegEngine();
    await decodeToWav(ffmpeg, '/in/a.mp3', '/out/a.wav', { sampleRateHz: 16000, maxSeconds: 601 });
    expect(ffmpeg.captures.map((c) => c.args)).toEqual([decodeToWavArgs('/in/a.mp3', '/out/a.wav', { sampleRateHz: 16000, maxSeconds: 601 })]);
  });

  it('a voice sample the engine cannot decode is rejected with the reason for the client', async () => {
    const ffmpeg = createFakeFfmpegEngine({
      onCapture: () => {
        throw new Error('ffmpeg exited with code 1');
      },
    });
    await expect(analyzeVoiceSample('/in/junk', { ffmpeg }, { workDir: '/tmp' })).rejects.toBeInstanceOf(VoiceSampleRejected);
    expect(ffmpeg.captures).toHaveLength(1);
  });
});
