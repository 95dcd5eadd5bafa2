// autocannon ships no types; only what bench/api-read.ts uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  export default function autocannon(opts: { url: string; connections?: number; duration?: number; headers?: Record<string, string> }): Promise<Result>;
}
