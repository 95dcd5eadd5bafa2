import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import type { StillVideoRequest } from './motion-kinds.js';

// PLACEHOLDER written by the lead so dependents can build; the img-motion helper replaces this file.
export async function renderStillVideo(req: StillVideoRequest, ffmpeg: FfmpegEngine): Promise<void> {
  const fps = req.fps ?? 25;
  const frames = Math.round(req.durationSeconds * fps);
  await ffmpeg.run(
    ['-y', '-loop', '1', '-i', req.imagePath, '-vf', `scale=${req.width * 2}:${req.height * 2}:force_original_aspect_ratio=increase,crop=${req.width * 2}:${req.height * 2},zoompan=z='1+0.15*on/${frames}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${req.width}x${req.height}:fps=${fps}`, '-frames:v', String(frames), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', req.outputPath],
    { signal: req.signal, onProgress: req.onProgress, expectedDurationSeconds: req.durationSeconds },
  );
}
