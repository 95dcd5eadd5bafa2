import { describe, expect, it } from 'vitest';
import { addAudioMix, musicGainDb, PREVIEW_AUDIO, voiceLiftDb } from '../../../src/media/audio-mix.js';
import { FilterGraphBuilder } from '../../../src/media/filter-graph.js';
import type { Timeline } from '../../../src/media/index.js';

const scenes: Timeline['scenes'] = [{ durationSeconds: 10, background: { kind: 'color', color: '#000' } }];

function mix(timeline: Partial<Timeline>, levels = {}, format?: typeof PREVIEW_AUDIO) {
  const g = new FilterGraphBuilder();
  const label = addAudioMix(g, { aspectRatio: '16:9', scenes, ...timeline }, 10, levels, format);
  return { label, graph: g.graph(), inputs: g.inputArguments() };
}

describe('audio mix', () => {
  it('ducks music under the voice with a sidechain keyed by the voice, then limits', () => {
    const { graph, label } = mix(
      { voiceover: { clips: [{ path: '/v.wav', startSeconds: 1.5 }], volume: 0.8 }, music: { path: '/m.mp3', volume: 0.3 } },
      { voiceClipLufs: [-24], musicLufs: -10 },
    );
    expect(graph).toMatch(/\[voice\d+\]asplit=2\[vmix\d+\]\[vkey\d+\]/);
    expect(graph).toMatch(/\[music\d+\]\[vkey\d+\]sidechaincompress=/);
    // Normalised to −14 LUFS first, then the request's volumes.
    expect(graph).toContain('volume=10dB');
    // The music's volume sets its bed level: 0.3 is 20·log10(0.3) + 8 ≈ −2.5 dB over the normalised level.
    expect(graph).toContain(`volume=-4dB,volume=${Math.round(musicGainDb(0.3) * 1e6) / 1e6}dB`);
    expect(graph).toContain('volume=0.8');
    expect(graph).toContain('adelay=delays=1500:all=1');
    expect(graph).toContain('alimiter');
    expect(graph.endsWith(label)).toBe(true);
  });

  it('lifts the loudest voice to the target and the music with it (volumes are a balance), at most 6 dB', () => {
    const lifted = (volume: number, clipVolumes: number[]) =>
      voiceLiftDb({ aspectRatio: '9:16', scenes, voiceover: { clips: clipVolumes.map((v) => ({ path: '/v.wav', volume: v })), volume } });
    expect(lifted(1, [0.8, 0.5])).toBeCloseTo(1.938, 3);
    expect(lifted(0.6, [1])).toBeCloseTo(4.437, 3);
    expect(lifted(0.1, [1])).toBe(6);
    expect(lifted(1, [1, 0.4])).toBe(0);
    const { graph } = mix({ voiceover: { clips: [{ path: '/v.wav', volume: 0.8 }] }, music: { path: '/m.mp3' } }, { voiceClipLufs: [-14], musicLufs: -14 });
    // After the ducked mix, before the limiter.
    expect(graph).toMatch(/amix=inputs=2:normalize=0:duration=first,volume=1\.938\d*dB,aresample=192000,alimiter/);
  });

  it('falls back to loudnorm when a level was not measured', () => {
    const { graph } = mix({ voiceover: { clips: [{ path: '/v.wav' }] } });
    expect(graph).toContain('loudnorm=I=-14');
  });

  it('does not boost silence', () => {
    const { graph } = mix({ voiceover: { clips: [{ path: '/v.wav' }] } }, { voiceClipLufs: [-70] });
    expect(graph).not.toMatch(/volume=\d+dB/);
  });

  it('mixes several voice clips at their start times', () => {
    const { graph, inputs } = mix({ voiceover: { clips: [{ path: '/a.wav' }, { path: '/b.wav', startSeconds: 4 }] } }, { voiceClipLufs: [-14, -14] });
    expect(inputs).toEqual(['-i', '/a.wav', '-i', '/b.wav']);
    expect(graph).toContain('amix=inputs=2:normalize=0:duration=longest');
    expect(graph).toContain('adelay=delays=4000:all=1');
  });

  it('honours a music volume of 0 and clamps volumes above 1', () => {
    const voiceover = { clips: [{ path: '/v.wav' }] };
    expect(mix({ voiceover, music: { path: '/m.mp3', volume: 0 } }, { voiceClipLufs: [-14], musicLufs: -14 }).graph).toContain('volume=-120dB,');
    expect(mix({ voiceover, music: { path: '/m.mp3', volume: 3 } }, { voiceClipLufs: [-14], musicLufs: -14 }).graph).toContain('volume=8dB,');
  });

  it('sets music alone to the video loudness (no bed to sit under), silences it at volume 0', () => {
    expect(mix({ music: { path: '/m.mp3', volume: 0.2 } }, { musicLufs: -20 }).graph).toContain('volume=6dB,volume=0dB,');
    expect(mix({ music: { path: '/m.mp3', volume: 0 } }, { musicLufs: -20 }).graph).toContain('volume=-120dB,');
  });

  it('mixes a preview in stereo, as loud as its render, under a lower ceiling; a mono mix 3 dB lower (it plays on two speakers)', () => {
    const render = mix({ voiceover: { clips: [{ path: '/v.wav' }] } }, { voiceClipLufs: [-14] }).graph;
    const preview = mix({ voiceover: { clips: [{ path: '/v.wav' }] } }, { voiceClipLufs: [-14] }, PREVIEW_AUDIO).graph;
    const mono = mix({ voiceover: { clips: [{ path: '/v.wav' }] } }, { voiceClipLufs: [-14] }, { ...PREVIEW_AUDIO, channels: 1 }).graph;
    expect(render).not.toContain('volume=-3dB');
    expect(preview).not.toContain('volume=-3dB');
    expect(preview).toContain('aresample=96000,alimiter=limit=0.7079');
    expect(preview).toContain('channel_layouts=stereo');
    expect(mono).toContain('volume=-3dB,aresample=96000,alimiter=limit=0.7079');
  });

  it('writes a silent track when there is no audio, in the preview format', () => {
    const { graph } = mix({}, {}, PREVIEW_AUDIO);
    expect(graph).toContain('anullsrc=r=24000:cl=stereo');
  });
});
