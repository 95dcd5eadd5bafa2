import { describe, expect, it } from 'vitest';
import { compileEdit, editFrameFor, type EditRenderRequest } from '../../../src/media/edit-compile.js';

const request = (over: Partial<EditRenderRequest> = {}): EditRenderRequest => ({
  sourcePath: 'source.mp4',
  voicePath: 'voice.wav',
  frame: { width: 1080, height: 1920 },
  cuts: [
    {
      sourceStartSeconds: 0,
      sourceEndSeconds: 2,
      crop: {
        width: 606,
        height: 1080,
        path: [
          { atSeconds: 0, x: 100, y: 0 },
          { atSeconds: 2, x: 300, y: 0 },
        ],
      },
    },
    { sourceStartSeconds: 3.5, sourceEndSeconds: 5, crop: { width: 504, height: 900, path: [{ atSeconds: 0, x: 350, y: 40 }] } },
  ],
  captions: { words: [{ word: 'Hello', startSeconds: 0.2, endSeconds: 0.6 }], setting: { style: 'neo' } },
  music: { path: 'music.mp3', volume: 0.2 },
  quality: 'render',
  videoPath: 'out.mp4',
  thumbnailPath: 'out.jpg',
  ...over,
});

describe('compileEdit (an AI edit → one ffmpeg run)', () => {
  it('cuts each kept span from one 30 fps decode, crops it on its own path, scales it to the frame and joins them', () => {
    const c = compileEdit(request());
    expect(c.expectedDurationSeconds).toBeCloseTo(3.5, 6);
    expect(c.frame).toEqual({ width: 1080, height: 1920 });
    expect(c.filterGraph).toContain('fps=30,split=2');
    expect(c.filterGraph).toContain("trim=start=0.000:end=2.000,setpts=PTS-STARTPTS,crop=w=606:h=1080:x='if(lt(t,0),100,if(lt(t,2),100+200*(t-0)/2,300))'");
    expect(c.filterGraph).toContain('trim=start=3.500:end=5.000,setpts=PTS-STARTPTS,crop=w=504:h=900:');
    expect(c.filterGraph).toContain('scale=1080:1920:flags=bicubic,setsar=1');
    expect(c.filterGraph).toContain('concat=n=2:v=1:a=0');
    expect(c.args).toEqual(expect.arrayContaining(['-i', 'source.mp4', '-i', 'voice.wav', '-i', 'music.mp3', 'out.mp4', 'out.jpg']));
    expect(c.args.slice(c.args.indexOf('-t'), c.args.indexOf('-t') + 2)).toEqual(['-t', '3.5']);
  });

  it('draws the captions through the ASS overlay and ducks the music under the voice', () => {
    const c = compileEdit(request());
    expect(c.files['overlay.ass']).toContain('HELLO');
    expect(c.filterGraph).toContain('ass=filename=overlay.ass');
    expect(c.filterGraph).toContain('sidechaincompress');
  });

  it('a preview is the 360p class with the preview mark; no captions and no music leave them out', () => {
    const c = compileEdit(request({ quality: 'preview', captions: undefined, music: undefined }));
    expect(c.frame).toEqual({ width: 360, height: 640 });
    expect(c.filterGraph).toContain('scale=360:640');
    expect(c.files['overlay.ass']).toMatch(/Watermark/);
    expect(c.filterGraph).not.toContain('sidechaincompress');
    expect(editFrameFor({ width: 1920, height: 800 }, 'preview')).toEqual({ width: 864, height: 360 });
  });

  it('refuses an edit with nothing kept', () => {
    expect(() => compileEdit(request({ cuts: [] }))).toThrow(/at least one kept span/);
  });
});
