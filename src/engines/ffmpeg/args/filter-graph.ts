/**
 * A filter graph assembled from named chains, with inputs numbered as they are added. Builders
 * that compose several shots use it so each shot can declare its own inputs and labels without
 * counting what the others used.
 */
export class FilterGraph {
  private readonly inputList: string[][] = [];
  private readonly chains: string[] = [];
  private labelCount = 0;

  /** Adds an input (its options then `-i path`) and returns its stream specifier, e.g. `[2:v]`. */
  input(path: string, options: readonly string[] = [], stream: 'v' | 'a' = 'v'): string {
    this.inputList.push([...options, '-i', path]);
    return `[${this.inputList.length - 1}:${stream}]`;
  }

  /** A fresh output label, e.g. `[push0_3]`. */
  label(hint: string): string {
    this.labelCount += 1;
    return `[${hint}${this.labelCount}]`;
  }

  /** `inputs` → filters → a new label (returned). */
  chain(inputs: string | string[], filters: string | string[], hint = 'v'): string {
    const out = this.label(hint);
    this.chainTo(inputs, filters, out);
    return out;
  }

  /** `inputs` → filters → the given label. */
  chainTo(inputs: string | string[], filters: string | string[], out: string): void {
    const ins = Array.isArray(inputs) ? inputs.join('') : inputs;
    const fs = Array.isArray(filters) ? filters.join(',') : filters;
    this.chains.push(`${ins}${fs}${out}`);
  }

  inputArgs(): string[] {
    return this.inputList.flat();
  }

  filterComplex(): string {
    return this.chains.join(';');
  }
}
