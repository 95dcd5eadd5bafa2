/** Collects ffmpeg inputs and filter chains while a timeline is compiled. */
export class FilterGraphBuilder {
  private readonly inputArgs: string[][] = [];
  private readonly chains: string[] = [];
  private labelCount = 0;

  /** Adds `[...options] -i path` and returns the input's index. */
  addInput(path: string, options: string[] = []): number {
    this.inputArgs.push([...options, '-i', path]);
    return this.inputArgs.length - 1;
  }

  /** A fresh pad label such as `[v3]`. */
  label(prefix: string): string {
    return `[${prefix}${this.labelCount++}]`;
  }

  /** `inputs` + comma-joined filters + `output`, e.g. `[0:v]scale=…,crop=…[v1]`. */
  chain(inputs: string, filters: string[], output: string): void {
    this.chains.push(`${inputs}${filters.join(',')}${output}`);
  }

  get inputCount(): number {
    return this.inputArgs.length;
  }

  inputArguments(): string[] {
    return this.inputArgs.flat();
  }

  graph(): string {
    return this.chains.join(';\n');
  }
}

/** Formats a number for a filter argument without exponent notation or float noise. */
export function num(value: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
