import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from '../../engines/blobs/port.js';
import { FetchRefused } from '../../core/errors.js';
import type { ClonedVoiceMade, VoiceCloner } from './voice-directory.js';

/** A sample's measurements, or the refusal (`FetchRefused`, `TaskFailure`, any error) taking it fails with. */
export type FakeSample = { durationSeconds: number; speechSeconds: number } | Error;

/**
 * In-memory `VoiceCloner` for unit tests: sample URL → its measurements. A taken sample is kept
 * in the given blob store at its key (as the real one does), so tests can see it kept or removed;
 * `clone` makes a fixed spec and a tiny preview file without any speech engine.
 */
export class FakeVoiceCloner implements VoiceCloner {
  readonly taken: { url: string; sampleKey: string }[] = [];
  private readonly samples: Map<string, FakeSample>;

  constructor(
    samples: Record<string, FakeSample> = {},
    private readonly blobs: Pick<BlobStore, 'putBuffer'> | null = null,
    private readonly languageCodes: readonly string[] = ['en', 'es', 'fr', 'de'],
  ) {
    this.samples = new Map(Object.entries(samples));
  }

  languages(): readonly string[] {
    return this.languageCodes;
  }

  async takeSample(url: string, sampleKey: string): Promise<{ durationSeconds: number; speechSeconds: number }> {
    this.taken.push({ url, sampleKey });
    const found = this.samples.get(url);
    if (!found) throw new FetchRefused('Server answered 404 Not Found');
    if (found instanceof Error) throw found;
    await this.blobs?.putBuffer(sampleKey, Buffer.from(`sample of ${url}`));
    return { ...found };
  }

  async clone(sampleKey: string, opts: { language: string; workDir: string }): Promise<ClonedVoiceMade> {
    await mkdir(opts.workDir, { recursive: true });
    const previewMp3Path = join(opts.workDir, 'preview.mp3');
    await writeFile(previewMp3Path, Buffer.from(`preview of ${sampleKey}`));
    return {
      spec: { baseVoiceId: `fake-${opts.language}`, pitchSemitones: 0, rate: 1 },
      profile: { sampleKey },
      gender: 'female',
      base: { voiceId: `fake-${opts.language}`, locale: opts.language, accentName: opts.language },
      previewMp3Path,
    };
  }
}
