import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { PageServer } from './page-server.js';

/** The colour of the mock libraries' clip: no product picture or drawn layout uses it. */
export const STOCK_CLIP_RGB: [number, number, number] = [0x30, 0xd0, 0x50];

/** A 1 s 160x284 clip of one flat colour, as a stock library's MP4 rendition. */
export function makeStockClip(path: string, hex = '0x30D050', size = { width: 160, height: 284 }): Buffer {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${hex}:s=${size.width}x${size.height}:d=1:r=15`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    path,
  ]);
  return readFileSync(path);
}

/**
 * Pexels' `GET /videos/search` answer (its documented shape), two clips whose files are served
 * by `server`: each has a landscape and a portrait rendition (as Pexels lists several).
 */
export function pexelsAnswer(server: PageServer, ids = [101, 102]) {
  return {
    page: 1,
    per_page: ids.length,
    total_results: ids.length,
    url: 'https://www.pexels.com/search/videos/',
    videos: ids.map((id) => ({
      id,
      width: 1080,
      height: 1920,
      duration: 8,
      url: `https://www.pexels.com/video/clip-${id}/`,
      image: `https://images.pexels.com/videos/${id}/poster.jpeg`,
      user: { id: 7, name: `Author ${id}`, url: 'https://www.pexels.com/@author' },
      video_files: [
        { id: id * 10, quality: 'hd', file_type: 'video/mp4', width: 1280, height: 720, fps: 25, link: server.url(`/files/${id}-land.mp4`) },
        { id: id * 10 + 1, quality: 'hd', file_type: 'video/mp4', width: 720, height: 1280, fps: 25, link: server.url(`/files/${id}-port.mp4`) },
        { id: id * 10 + 2, quality: 'sd', file_type: 'video/mp4', width: 360, height: 640, fps: 25, link: server.url(`/files/${id}-port-sd.mp4`) },
      ],
      video_pictures: [],
    })),
  };
}

/** Pixabay's `GET /api/videos/` answer: one landscape hit, then one portrait hit. */
export function pixabayAnswer(server: PageServer) {
  const hit = (id: number, w: number, h: number) => ({
    id,
    pageURL: `https://pixabay.com/videos/clip-${id}/`,
    type: 'film',
    tags: 'trail, water',
    duration: 12,
    videos: {
      large: { url: '', width: 0, height: 0, size: 0, thumbnail: '' },
      medium: { url: server.url(`/px/${id}-medium.mp4`), width: w, height: h, size: 1000, thumbnail: '' },
      small: { url: server.url(`/px/${id}-small.mp4`), width: Math.round(w / 2), height: Math.round(h / 2), size: 500, thumbnail: '' },
      tiny: { url: server.url(`/px/${id}-tiny.mp4`), width: Math.round(w / 3), height: Math.round(h / 3), size: 200, thumbnail: '' },
    },
    views: 1,
    downloads: 1,
    likes: 1,
    comments: 0,
    user_id: 9,
    user: `pixuser${id}`,
    userImageURL: '',
  });
  return { total: 2, totalHits: 2, hits: [hit(201, 1920, 1080), hit(202, 1080, 1920)] };
}
