/**
 * Render time of the built-in music library: every track (or the first N) at full quality.
 * Prints wall time, CPU time and times real time per track. Run: npx tsx bench/music.ts [count]
 * On a shared machine the CPU time is the steadier figure.
 */
import { listMusicTracks } from '../src/domain/catalog/music.js';
import { renderTrackAudio } from '../src/pipelines/music/render-track.js';
import { encodeWav16 } from '../src/pipelines/music/wav.js';

const limit = Number(process.argv[2] ?? Infinity);
const tracks = listMusicTracks().slice(0, limit);
let totalWallMs = 0;
let totalCpuMs = 0;
let totalAudioSeconds = 0;
for (const track of tracks) {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const audio = renderTrackAudio(track);
  encodeWav16(audio);
  const wallMs = performance.now() - wallBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const audioSeconds = audio.left.length / audio.sampleRateHz;
  totalWallMs += wallMs;
  totalCpuMs += cpuMs;
  totalAudioSeconds += audioSeconds;
  console.log(
    `${track.categorySlug.padEnd(11)} ${track.name.padEnd(18)} ${audioSeconds.toFixed(1)} s audio  wall ${wallMs.toFixed(0).padStart(5)} ms  cpu ${cpuMs.toFixed(0).padStart(5)} ms  ${(audioSeconds / (wallMs / 1000)).toFixed(0)}x real time`,
  );
}
console.log(
  `${tracks.length} tracks: mean wall ${(totalWallMs / tracks.length).toFixed(0)} ms, mean cpu ${(totalCpuMs / tracks.length).toFixed(0)} ms per track, ${(totalAudioSeconds / (totalWallMs / 1000)).toFixed(0)}x real time overall`,
);
