/**
 * Files that look like media but make a demuxer open other things: an HLS playlist (which names
 * segments by URL or path), the AVI whose GAB2 subtitle chunk carries such a playlist (the 2017
 * "AVI + HLS" exploit), and an ffconcat list. Clients may send any of these as a video or audio.
 */

/** An HLS media playlist whose segments are the given URLs or paths, 2 s each. */
export function hlsPlaylist(segments: readonly string[], extraTags: readonly string[] = []): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', ...extraTags];
  for (const segment of segments) lines.push('#EXTINF:2.0,', segment);
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** An ffconcat list naming the given files (relative names are read beside the list). */
export function ffconcatText(files: readonly string[]): string {
  return ['ffconcat version 1.0', ...files.map((f) => `file '${f}'`), ''].join('\n');
}

function riffChunk(id: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
}

function riffList(type: string, ...parts: Buffer[]): Buffer {
  return riffChunk('LIST', Buffer.concat([Buffer.from(type, 'latin1'), ...parts]));
}

function u32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}

/**
 * A valid AVI with one text stream whose first chunk is a GAB2 subtitle holding `playlist`: the AVI
 * demuxer hands such a chunk to a nested demuxer chosen by probing the chunk's bytes.
 */
export function aviWithGab2Playlist(playlist: string): Buffer {
  const mainHeader = Buffer.alloc(56);
  mainHeader.writeUInt32LE(40_000, 0); // µs per frame
  mainHeader.writeUInt32LE(0x10, 12); // AVIF_HASINDEX
  mainHeader.writeUInt32LE(1, 16); // total frames
  mainHeader.writeUInt32LE(1, 24); // streams
  mainHeader.writeUInt32LE(224, 32);
  mainHeader.writeUInt32LE(160, 36);
  const streamHeader = Buffer.alloc(56);
  streamHeader.write('txts', 0, 'latin1');
  streamHeader.writeUInt32LE(1, 20); // scale
  streamHeader.writeUInt32LE(25, 24); // rate
  streamHeader.writeUInt32LE(1, 32); // length
  const name = Buffer.from('x\0', 'utf16le');
  const text = Buffer.from(playlist, 'utf8');
  const gab2 = Buffer.concat([Buffer.from('GAB2\0', 'latin1'), Buffer.from([2, 0]), u32(name.length), name, Buffer.from([4, 0]), u32(text.length), text]);
  const body = Buffer.concat([
    Buffer.from('AVI ', 'latin1'),
    riffList('hdrl', riffChunk('avih', mainHeader), riffList('strl', riffChunk('strh', streamHeader), riffChunk('strf', Buffer.alloc(40)))),
    riffList('movi', riffChunk('00tx', gab2)),
  ]);
  return riffChunk('RIFF', body);
}

/** The 12-byte RIFF/AVI signature followed straight by a playlist (sniffed as AVI by its first bytes). */
export function aviSignatureThenPlaylist(playlist: string): Buffer {
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), u32(4 + playlist.length), Buffer.from('AVI ', 'latin1'), Buffer.from(playlist, 'utf8')]);
}
