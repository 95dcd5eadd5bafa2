import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SpeechEngineError, type EngineVoice, type SpeechEngine, type SynthesisRequest, type SynthesisResult } from './port.js';
import { runProcess } from './run-process.js';
import { readWav } from './wav.js';
import { wavResultTimedByEnergy } from './wav-result.js';

/**
 * The RHVoice voices the service may use. Only these four English voices have data under
 * LGPL-2.1+ (Debian's /usr/share/doc/rhvoice/copyright, `Files: data/*`); `lyubov` and
 * `evgeniy-eng` in the same package are CC-BY-NC-ND-4.0 (no commercial use) and are never listed.
 */
export const RHVOICE_COMMERCIAL_VOICES: Record<string, Omit<EngineVoice, 'engine' | 'engineVoice'>> = {
  clb: { locale: 'en-US', languageName: 'English (America)', gender: 'female', label: 'clb' },
  bdl: { locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'bdl' },
  slt: { locale: 'en-US', languageName: 'English (America)', gender: 'female', label: 'slt' },
  alan: { locale: 'en-GB', languageName: 'English (Scotland)', gender: 'male', label: 'alan' },
};

/** RHVoice reads its data only from here (installed by apt; the library has no other search path). */
export const RHVOICE_DATA_DIR = '/usr/share/RHVoice';

/** Installed voice folders ∩ the licence allow-list. */
export function rhvoiceVoicesFrom(installedDirs: readonly string[]): EngineVoice[] {
  return Object.entries(RHVOICE_COMMERCIAL_VOICES)
    .filter(([name]) => installedDirs.includes(name))
    .map(([name, info]) => ({ engine: 'rhvoice' as const, engineVoice: name, ...info }));
}

/** RHVoice-test's options: rate and pitch are percentages of the voice's own (100). */
export function rhvoiceArgs(req: { engineVoice: string; textPath: string; outWavPath: string; rate?: number; pitch?: number }): string[] {
  const args = ['-p', req.engineVoice, '-i', req.textPath, '-o', req.outWavPath];
  if (req.rate && req.rate !== 1) args.push('-r', String(Math.round(req.rate * 100)));
  if (req.pitch && req.pitch !== 1) args.push('-t', String(Math.round(req.pitch * 100)));
  return args;
}

/**
 * RHVoice (HTS voices, 24 kHz) through its command-line test program. The program reports no
 * timings, so word times come from the audio: the text's words are aligned to the islands of
 * sound between pauses (`deriveWordTimings`). `createSpeechEngines` wraps this engine in a
 * forced aligner (`ForcedAlignmentEngine`) that replaces them with word and phone timings; these
 * rough ones remain its fallback.
 */
export class RhvoiceEngine implements SpeechEngine {
  readonly id = 'rhvoice' as const;

  constructor(private readonly opts: { command?: string; dataDir?: string } = {}) {}

  async listVoices(): Promise<EngineVoice[]> {
    const dir = join(this.opts.dataDir ?? RHVOICE_DATA_DIR, 'voices');
    const installed: string[] = [];
    for (const name of Object.keys(RHVOICE_COMMERCIAL_VOICES)) {
      if (
        await readFile(join(dir, name, 'voice.info'), 'utf8').then(
          () => true,
          () => false,
        )
      )
        installed.push(name);
    }
    if (installed.length === 0) return [];
    // The program must run too (the data can outlive an uninstalled binary).
    await runProcess(this.opts.command ?? 'RHVoice-test', ['--version']);
    return rhvoiceVoicesFrom(installed);
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    // An unknown profile makes RHVoice-test fall back to its default voice silently, which
    // could be a non-commercial one: only the allow-list is ever asked for.
    if (!(req.engineVoice in RHVOICE_COMMERCIAL_VOICES)) throw new SpeechEngineError(`unknown RHVoice voice: ${req.engineVoice}`, '', true);
    const textPath = `${req.outWavPath}.txt`;
    await writeFile(textPath, `${req.text}\n`);
    try {
      const { stderr } = await runProcess(this.opts.command ?? 'RHVoice-test', rhvoiceArgs({ ...req, textPath }), { signal: req.signal });
      const audio = await readWav(req.outWavPath).catch(() => {
        throw new SpeechEngineError('RHVoice produced no audio', stderr.trim().split('\n').slice(-8).join('\n'));
      });
      return wavResultTimedByEnergy(req.outWavPath, audio, req.text);
    } finally {
      await unlink(textPath).catch(() => {});
    }
  }
}
