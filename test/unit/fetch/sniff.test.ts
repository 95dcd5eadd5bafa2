import { describe, expect, it } from 'vitest';
import { acceptanceProblem, effectiveType, mediaKindOf, parseContentType } from '../../../src/engines/fetch/media-types.js';
import { formatBytes, formatDurationMs } from '../../../src/engines/fetch/messages.js';
import { sniffMediaType } from '../../../src/engines/fetch/sniff.js';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');
const bytes = (...parts: (string | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
const pad = Buffer.alloc(64, 0);

describe('sniffMediaType', () => {
  it.each<[string, Buffer, string | null]>([
    ['PNG', bytes(hex('89504e470d0a1a0a'), pad), 'image/png'],
    ['JPEG', bytes(hex('ffd8ffe000104a464946'), pad), 'image/jpeg'],
    ['GIF89a', bytes('GIF89a', pad), 'image/gif'],
    ['GIF87a', bytes('GIF87a', pad), 'image/gif'],
    ['WEBP', bytes('RIFF', hex('24000000'), 'WEBPVP8 ', pad), 'image/webp'],
    ['WAV', bytes('RIFF', hex('24000000'), 'WAVEfmt ', pad), 'audio/wav'],
    ['AVI', bytes('RIFF', hex('24000000'), 'AVI LIST', pad), 'video/x-msvideo'],
    ['MP3 with ID3', bytes('ID3', hex('0400'), pad), 'audio/mpeg'],
    ['MP3 frame without tag', bytes(hex('fffb9064'), pad), 'audio/mpeg'],
    ['AAC in ADTS', bytes(hex('fff15080'), pad), 'audio/aac'],
    ['Ogg Vorbis', bytes('OggS', hex('0002'), pad, hex('01'), 'vorbis', pad), 'audio/ogg'],
    ['Ogg Theora', bytes('OggS', hex('0002'), pad, hex('80'), 'theora', pad), 'video/ogg'],
    ['FLAC', bytes('fLaC', hex('00000022'), pad), 'audio/flac'],
    ['MP4 isom', bytes(hex('00000020'), 'ftypisom', hex('00000200'), 'isomiso2avc1mp41', pad), 'video/mp4'],
    ['MP4 mp42', bytes(hex('00000018'), 'ftypmp42', pad), 'video/mp4'],
    ['MOV', bytes(hex('00000014'), 'ftypqt  ', pad), 'video/quicktime'],
    ['M4A', bytes(hex('00000020'), 'ftypM4A ', pad), 'audio/mp4'],
    ['AVIF', bytes(hex('00000020'), 'ftypavif', pad), 'image/avif'],
    ['WebM', bytes(hex('1a45dfa3'), hex('9f4286810142f7810142f2810442f381084282'), hex('84'), 'webm', pad), 'video/webm'],
    ['Matroska', bytes(hex('1a45dfa3'), hex('a34286810142f7810142f2810442f381084282'), hex('88'), 'matroska', pad), 'video/x-matroska'],
    ['HTML doctype', bytes('\n  <!DOCTYPE html><html>'), 'text/html'],
    ['HTML with BOM', bytes(hex('efbbbf'), '<html lang="en">'), 'text/html'],
    ['plain text', bytes('hello world, this is not html'), null],
    ['JSON', bytes('{"a":1}'), null],
    ['zeros', Buffer.alloc(100), null],
    ['empty', Buffer.alloc(0), null],
    ['truncated PNG signature', hex('89504e47'), null],
    ['RIFF of another kind', bytes('RIFF', hex('24000000'), 'CDXA', pad), null],
  ])('%s', (_name, head, expected) => {
    expect(sniffMediaType(head)).toBe(expected);
  });
});

describe('effectiveType', () => {
  const png = bytes(hex('89504e470d0a1a0a'), pad);
  it('keeps a specific declared type, even when the bytes disagree', () => {
    expect(effectiveType('image/jpeg', png)).toBe('image/jpeg');
  });
  it.each(['application/octet-stream', 'binary/octet-stream', '', 'text/plain', 'application/force-download'])(
    'sniffs when the declared type is "%s"',
    (declared) => {
      expect(effectiveType(declared, png)).toBe('image/png');
    },
  );
  it('lets the bytes decide when the label names another kind of media (an MP3 labelled image/png is audio)', () => {
    const mp3 = bytes('ID3', hex('0400'), pad);
    expect(effectiveType('image/png', mp3)).toBe('audio/mpeg');
    expect(effectiveType('image/png', Buffer.from('<!doctype html><html></html>'))).toBe('text/html');
    expect(effectiveType('audio/mpeg', png)).toBe('image/png');
  });
  it('keeps an audio label on a video container: its first bytes cannot tell', () => {
    const mp4 = bytes(hex('00000018'), 'ftypisom', pad);
    expect(effectiveType('audio/mp4', mp4)).toBe('audio/mp4');
  });
  it('takes the bytes of a sound-only format over a video label (an MP3 named clip.mp4)', () => {
    expect(effectiveType('video/mp4', bytes('ID3', hex('0400'), pad))).toBe('audio/mpeg');
    expect(effectiveType('video/quicktime', bytes('RIFF', hex('00000000'), 'WAVE', pad))).toBe('audio/wav');
    expect(acceptanceProblem(effectiveType('video/mp4', bytes('ID3', hex('0400'), pad)), ['video'])).toBe('Expected a video but the file is audio (MP3)');
  });
  it('falls back to the declared type, or octet-stream, when the bytes say nothing', () => {
    expect(effectiveType('text/plain', Buffer.from('hi'))).toBe('text/plain');
    expect(effectiveType('', Buffer.from('hi'))).toBe('application/octet-stream');
  });
});

describe('parseContentType and mediaKindOf', () => {
  it('splits essence and charset', () => {
    expect(parseContentType('Text/HTML; Charset="UTF-8"')).toEqual({ type: 'text/html', charset: 'utf-8' });
    expect(parseContentType('image/png')).toEqual({ type: 'image/png' });
    expect(parseContentType(undefined)).toEqual({ type: '' });
  });
  it.each([
    ['text/html', 'html'],
    ['application/xhtml+xml', 'html'],
    ['image/webp', 'image'],
    ['audio/mpeg', 'audio'],
    ['video/mp4', 'video'],
    ['application/json', null],
    ['text/plain', null],
  ])('%s is %s', (type, kind) => {
    expect(mediaKindOf(type)).toBe(kind);
  });
});

describe('acceptanceProblem', () => {
  it('is null when the kind is accepted or no kind is asked for', () => {
    expect(acceptanceProblem('image/png', ['image'])).toBeNull();
    expect(acceptanceProblem('application/json', undefined)).toBeNull();
    expect(acceptanceProblem('application/json', [])).toBeNull();
  });
  it('says what was expected and what came', () => {
    expect(acceptanceProblem('text/html', ['image'])).toBe('Expected an image but the file is a web page (HTML)');
    expect(acceptanceProblem('application/pdf', ['html'])).toBe('Expected an HTML page but the file is a PDF document');
    expect(acceptanceProblem('', ['video'])).toBe('Expected a video but the file is of unknown type (no content type)');
  });
});

describe('wording of limits', () => {
  it.each([
    [200 * 1024 * 1024, '200 MB'],
    [1536 * 1024, '1.5 MB'],
    [1024, '1 KB'],
    [10, '10 bytes'],
  ])('%i bytes read as %s', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });
  it.each([
    [15_000, '15 s'],
    [1500, '1.5 s'],
    [300, '300 ms'],
  ])('%i ms read as %s', (n, text) => {
    expect(formatDurationMs(n)).toBe(text);
  });
});
