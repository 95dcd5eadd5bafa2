import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { DisplayVideoRequest } from './motion-kinds.js';

// PLACEHOLDER written by the lead so dependents can build; the img-motion helper replaces this file.
export async function renderDisplayVideo(req: DisplayVideoRequest, ffmpeg: FfmpegEngine): Promise<void> {
  const fps = req.fps ?? 25;
  const frames = Math.round(req.durationSeconds * fps);
  const { width, height } = req.layers;
  await ffmpeg.run(
    ['-y', '-loop', '1', '-i', req.layers.compositePng, '-vf', `scale=${width * 2}:${height * 2},zoompan=z='1+0.1*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${width}x${height}:fps=${fps}`, '-frames:v', String(frames), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', req.outputPath],
    { signal: req.signal, onProgress: req.onProgress, expectedDurationSeconds: req.durationSeconds },
  );
}
