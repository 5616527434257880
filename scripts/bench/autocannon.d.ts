/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };
  export type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  };
  /** The run: its result, and a `response` event per response with its latency in ms (unrounded, unlike the histogram's). */
  export type Instance = Promise<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
  };
  export default function autocannon(options: Options): Instance;
}
