/**
 * Reads ffmpeg's `-progress` output (key=value lines) and turns the written time into a
 * fraction of the expected duration. Chunks may split lines anywhere.
 */
export class ProgressParser {
  private partial = '';
  private lastFraction = 0;

  constructor(
    private readonly expectedDurationSeconds: number | undefined,
    private readonly onProgress: (fraction0to1: number) => void,
  ) {}

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.handleLine(line.trim());
  }

  private handleLine(line: string): void {
    const eq = line.indexOf('=');
    if (eq < 0) return;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 1);
    if (key === 'progress' && value === 'end') {
      this.report(1);
      return;
    }
    // ffmpeg prints microseconds under both names (out_time_ms is misnamed upstream).
    if (key !== 'out_time_us' && key !== 'out_time_ms') return;
    const micros = Number(value);
    if (!Number.isFinite(micros) || !this.expectedDurationSeconds || this.expectedDurationSeconds <= 0) return;
    this.report(micros / 1e6 / this.expectedDurationSeconds);
  }

  private report(fraction: number): void {
    const clamped = Math.min(1, Math.max(0, fraction));
    // Both time keys arrive in each block: report only forward movement.
    if (clamped <= this.lastFraction && !(clamped === 1 && this.lastFraction < 1)) return;
    this.lastFraction = clamped;
    this.onProgress(clamped);
  }
}
