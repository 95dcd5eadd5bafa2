import { describe, expect, it } from 'vitest';
import {
  firstFramePngArgs,
  keptAudioArgs,
  movingCropFilter,
  pngSize,
  parseSceneChanges,
  parseSilences,
  pictureScanArgs,
  piecewiseLinearExpr,
  silenceDetectArgs,
} from '../../../src/engines/ffmpeg/args/index.js';

describe('AI editing ffmpeg builders', () => {
  it('detects silences with metadata printed on stdout, and reads them back (an open one lasts to the end)', () => {
    expect(silenceDetectArgs({ input: 'in.mp4', noiseDb: -42, minSilenceSeconds: 0.15 })).toEqual([
      '-i',
      'in.mp4',
      '-map',
      '0:a:0',
      '-vn',
      '-af',
      'silencedetect=noise=-42dB:d=0.150,ametadata=mode=print:file=-',
      '-f',
      'null',
      '-',
    ]);
    const out = [
      'frame:47   pts:1278639 pts_time:1.27864',
      'lavfi.silence_start=0.999977',
      'frame:55   pts:2000000 pts_time:2',
      'lavfi.silence_end=2.00005',
      'lavfi.silence_duration=1.00007',
      'frame:80',
      'lavfi.silence_start=-0.01',
      'lavfi.silence_end=0', // an empty one is dropped
      'frame:90',
      'lavfi.silence_start=4.5',
    ].join('\n');
    expect(parseSilences(out, 5)).toEqual([
      { startSeconds: 0.999977, endSeconds: 2.00005 },
      { startSeconds: 4.5, endSeconds: 5 },
    ]);
  });

  it('finds shot changes and samples RGBA frames for the face search from one decode, and reads the shots back in order', () => {
    const args = pictureScanArgs({ input: 'in.mp4', threshold: 12, analysisWidth: 320, shotsFile: 'shots.txt', framesPerSecond: 2, width: 480, height: 270 });
    expect(args).toEqual([
      '-i',
      'in.mp4',
      '-filter_complex',
      '[0:v:0]split=2[forshots][forframes];' +
        '[forshots]scale=320:-2,scdet=threshold=12,metadata=mode=select:key=lavfi.scd.time,metadata=mode=print:file=shots.txt[shots];' +
        '[forframes]fps=2:round=down,scale=480:270,format=rgba[frames]',
      '-map',
      '[frames]',
      '-f',
      'rawvideo',
      'pipe:1',
      '-map',
      '[shots]',
      '-f',
      'null',
      '-',
    ]);
    expect(() => pictureScanArgs({ input: 'in.mp4', threshold: 12, analysisWidth: 320, shotsFile: 'a:b', framesPerSecond: 2, width: 4, height: 4 })).toThrow(
      /plain file name/,
    );
    expect(parseSceneChanges('frame:0 pts_time:3\nlavfi.scd.score=27\nlavfi.scd.time=3.5\nlavfi.scd.time=1\n')).toEqual([1, 3.5]);
  });

  it('joins the kept spans of the sound into one mono WAV', () => {
    const args = keptAudioArgs(
      'in.mp4',
      [
        { startSeconds: 0, endSeconds: 1.5 },
        { startSeconds: 3, endSeconds: 4.25 },
      ],
      'voice.wav',
    );
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:a:0]asplit=2[s0][s1];[s0]atrim=start=0.000:end=1.500,asetpts=PTS-STARTPTS[a0];[s1]atrim=start=3.000:end=4.250,asetpts=PTS-STARTPTS[a1];[a0][a1]concat=n=2:v=0:a=1[aout]',
    );
    expect(args.slice(args.indexOf('-map'))).toEqual(['-map', '[aout]', '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', '-f', 'wav', 'voice.wav']);
  });

  it('writes a piecewise-linear path as nested ifs of t, held before the first key and after the last', () => {
    expect(piecewiseLinearExpr([])).toBe('0');
    expect(piecewiseLinearExpr([{ atSeconds: 0, value: 10 }])).toBe('10');
    expect(
      piecewiseLinearExpr([
        { atSeconds: 0, value: 10 },
        { atSeconds: 2, value: 30 },
        { atSeconds: 3, value: 30 },
      ]),
    ).toBe('if(lt(t,0),10,if(lt(t,2),10+20*(t-0)/2,if(lt(t,3),30,30)))');
  });

  it('builds a moving crop of a fixed size following the path', () => {
    expect(
      movingCropFilter({
        width: 202.4,
        height: 360,
        path: [
          { atSeconds: 0, x: 0, y: 0 },
          { atSeconds: 1, x: 100, y: 0 },
        ],
      }),
    ).toBe("crop=w=202:h=360:x='if(lt(t,0),0,if(lt(t,1),0+100*(t-0)/1,100))':y='if(lt(t,0),0,if(lt(t,1),0,0))'");
  });

  it('reads the decoded size of a video from its first frame as PNG', () => {
    expect(firstFramePngArgs('in.mov')).toEqual(['-i', 'in.mov', '-map', '0:v:0', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1']);
    const header = Buffer.alloc(24);
    header.writeUInt32BE(0x89504e47, 0);
    header.write('IHDR', 12, 'ascii');
    header.writeUInt32BE(1080, 16);
    header.writeUInt32BE(1920, 20);
    expect(pngSize(header)).toEqual({ width: 1080, height: 1920 });
    expect(pngSize(Buffer.from('not a png at all, no header here'))).toBeNull();
  });
});
