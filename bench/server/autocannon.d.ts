// The part of autocannon 8's API the server benchmark uses (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  export interface Client {
    setHeaders(headers: Record<string, string>): void;
    setRequests(requests: Request[]): void;
  }
  export interface Options {
    url: string | string[];
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
    /** Requests in all, and per second across the connections (paced-probe.ts shows what this pacing does). */
    amount?: number;
    overallRate?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    min: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
    /** Values recorded (latency: more than requests when autocannon corrects for coordinated omission). */
    totalCount?: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
