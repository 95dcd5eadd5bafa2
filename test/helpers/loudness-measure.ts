/** Loudness figures read with ffmpeg's ebur128 (true peak on), and stream lengths with ffprobe. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export async function truePeakAndLoudness(path: string): Promise<{ integratedLufs: number; truePeakDbtp: number }> {
  // A mono file plays on both speakers: its loudness counts as dual mono (peaks are per sample either way).
  const summary = async (options: string): Promise<string> => {
    const { stderr } = await exec('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-map', '0:a:0', '-af', `ebur128=${options}`, '-f', 'null', '-'], {
      maxBuffer: 64 << 20,
    });
    return stderr.slice(stderr.lastIndexOf('Summary:'));
  };
  const integrated = /I:\s+(-?[\d.]+) LUFS/.exec(await summary('dualmono=true'));
  const peak = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(await summary('peak=true'));
  if (!integrated || !peak) throw new Error(`no ebur128 summary for ${path}`);
  return { integratedLufs: Number(integrated[1]), truePeakDbtp: peak[1] === '-inf' ? -Infinity : Number(peak[1]) };
}

/** Each stream's own length (the last packet's end), not the container's. */
export async function streamDurations(path: string): Promise<{ videoSeconds: number; audioSeconds: number }> {
  const read = async (stream: 'v:0' | 'a:0'): Promise<number> => {
    const { stdout } = await exec(
      'ffprobe',
      ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', path],
      { maxBuffer: 64 << 20 },
    );
    let end = 0;
    for (const line of stdout.trim().split('\n')) {
      const [pts, duration] = line.split(',').map(Number);
      if (Number.isFinite(pts) && Number.isFinite(duration)) end = Math.max(end, pts! + duration!);
    }
    return end;
  };
  return { videoSeconds: await read('v:0'), audioSeconds: await read('a:0') };
}

/** Momentary loudness (400 ms windows) every 100 ms, after an optional filter (e.g. one band). */
export async function momentaryLoudness(path: string, audioFilter?: string): Promise<{ t: number; lufs: number }[]> {
  const af = [...(audioFilter ? [audioFilter] : []), 'ebur128=framelog=verbose:dualmono=true'].join(',');
  const { stderr } = await exec('ffmpeg', ['-hide_banner', '-nostats', '-v', 'verbose', '-i', path, '-map', '0:a:0', '-af', af, '-f', 'null', '-'], {
    maxBuffer: 64 << 20,
  });
  const out: { t: number; lufs: number }[] = [];
  for (const m of stderr.matchAll(/t:\s*([\d.]+)\s+TARGET:.*?M:\s*(-?[\d.]+|-inf|nan)/g)) {
    const lufs = Number(m[2]);
    out.push({ t: Number(m[1]), lufs: Number.isFinite(lufs) ? lufs : -120 });
  }
  return out;
}
