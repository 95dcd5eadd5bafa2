import { describe, expect, it } from 'vitest';
import { listMusicTracks } from '../../../src/domain/catalog/music.js';
import { createFakeFfmpegEngine, MP3_PRESETS, mp3EncodeArgs } from '../../../src/engines/ffmpeg/index.js';
import { musicMp3s } from '../../../src/pipelines/music/music-mp3.js';

describe('library tracks as MP3 (made on first request)', () => {
  it('synthesises the track and encodes it with the music preset through the injected engine', async () => {
    const track = listMusicTracks()[0]!;
    const ffmpeg = createFakeFfmpegEngine();
    const rendered: string[] = [];
    const produce = musicMp3s(ffmpeg, async (id, out) => {
      rendered.push(`${id} → ${out}`);
    });
    expect(await produce(`music/${track.id}.mp3`, '/work/1')).toBe('/work/1/track.mp3');
    expect(rendered).toEqual([`${track.id} → /work/1/track.wav`]);
    expect(ffmpeg.runs).toEqual([
      {
        args: mp3EncodeArgs({ input: '/work/1/track.wav', output: '/work/1/track.mp3', preset: MP3_PRESETS.music }),
        opts: { expectedDurationSeconds: track.durationSeconds },
      },
    ]);
  });

  it('a key that names no track is not found, and nothing is rendered', async () => {
    const ffmpeg = createFakeFfmpegEngine();
    const produce = musicMp3s(ffmpeg, async () => {
      throw new Error('not reached');
    });
    expect(await produce('music/no-such-track.mp3', '/work/2')).toBeNull();
    expect(await produce(`other/${listMusicTracks()[0]!.id}.mp3`, '/work/2')).toBeNull();
    expect(ffmpeg.runs).toEqual([]);
  });
});

describe('library music URLs', () => {
  it('a signed or unsigned files URL of a library track, on any host, names the library; anything else does not', async () => {
    const { isLibraryMusicUrl } = await import('../../../src/pipelines/music/background-music.js');
    const id = listMusicTracks()[0]!.id;
    expect(isLibraryMusicUrl(`https://api.example/files/music/${id}.mp3?expires=1&signature=x`)).toBe(true);
    expect(isLibraryMusicUrl(`http://127.0.0.1:3000/files/music/${id.toUpperCase()}.mp3`)).toBe(true);
    expect(isLibraryMusicUrl('https://api.example/files/music/00000000-0000-4000-8000-000000000000.mp3')).toBe(false);
    expect(isLibraryMusicUrl('not a url')).toBe(false);
  });
});
