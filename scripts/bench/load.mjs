// @ts-check
/**
 * A small HTTP load generator for the benches: a closed loop (scripts/bench/bench-api.mjs),
 * `connections` workers over one keep-alive agent, each sending its next GET as soon as the
 * previous answer has been read in full, for a fixed duration; and a burst
 * (scripts/bench/bench-checkout.mjs), many requests sent at the same instant, each on its own
 * connection, as many customers would. Runs can be summarized together, so two routes measured
 * in alternating rounds share the machine's ups and downs.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { quantile } from './bench-figures.mjs';

/**
 * @typedef {{ latencies: number[], errors: number, firstError: string | null, seconds: number }} LoadRun
 * One run: the latency in milliseconds of each 2xx answer, the count of non-2xx answers and
 * failed connections (with the first one described), and the run's length in seconds.
 */

/**
 * @typedef {{ requests: number, errors: number, firstError: string | null, seconds: number,
 *   rps: number, p50: number, p95: number, p99: number, max: number }} LoadResult
 * Requests are all the answers (2xx or not); `rps` is 2xx answers per second; p50/p95/p99/max
 * are the latencies of the 2xx answers in milliseconds.
 */

/**
 * One GET on a keep-alive agent; resolves with the status once the body has been read.
 * @param {http.Agent} agent @param {URL} url
 * @returns {Promise<number>}
 */
function get(agent, url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Loads a server with GETs for `seconds` seconds from `connections` concurrent workers. Worker
 * `w`'s `n`th request goes to `paths[(w + n * connections) % paths.length]`, so the mix of paths
 * is the same in every run.
 * @param {{ origin: string, paths: string[], connections: number, seconds: number }} opts
 * @returns {Promise<LoadRun>}
 */
export async function loadTest({ origin, paths, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const urls = paths.map((p) => new URL(p, origin));
  /** @type {number[]} */
  const latencies = [];
  let errors = 0;
  /** @type {string | null} */
  let firstError = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  /** @param {number} w */
  const worker = async (w) => {
    for (let n = 0; performance.now() < deadline; n++) {
      const url = /** @type {URL} */ (urls[(w + n * connections) % urls.length]);
      const t0 = performance.now();
      try {
        const status = await get(agent, url);
        if (status >= 200 && status < 300) latencies.push(performance.now() - t0);
        else {
          errors++;
          firstError ??= `${status} from ${url.pathname}${url.search}`;
        }
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  agent.destroy();
  return { latencies, errors, firstError, seconds: (performance.now() - started) / 1000 };
}

/**
 * Throughput and latency percentiles of one or more runs taken together.
 * @param {LoadRun[]} runs
 * @returns {LoadResult}
 */
export function summarize(runs) {
  const latencies = runs.flatMap((r) => r.latencies);
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  return {
    requests: latencies.length + errors,
    errors,
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
    seconds,
    rps: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: quantile(latencies, 1),
  };
}

/**
 * @typedef {{ method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string> }} BurstRequest
 * One request of a burst; `body` is sent as JSON.
 * @typedef {{ status: number, ms: number, body: string }} BurstAnswer
 * Its answer: the status (0 when the connection failed, `body` then the error), the latency
 * in milliseconds from the burst's start to the answer read in full, and the body's text.
 */

/**
 * One request on its own connection; resolves with its answer, never rejects.
 * @param {URL} url @param {BurstRequest} r @param {number} started performance.now() of the burst
 * @returns {Promise<BurstAnswer>}
 */
function send(url, r, started) {
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  const headers = { ...r.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) }) };
  return new Promise((resolve) => {
    const req = http.request(url, { method: r.method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: text }));
      res.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, body: err.message }));
    });
    req.on('error', (err) => resolve({ status: 0, ms: performance.now() - started, body: err.message }));
    req.end(body);
  });
}

/**
 * Sends every request at once, each on a new connection (the server sees `requests.length`
 * clients arrive together), and waits for every answer. The answers come in the requests'
 * order; `seconds` is from the first send to the last answer.
 * @param {{ origin: string, requests: BurstRequest[] }} opts
 * @returns {Promise<{ answers: BurstAnswer[], seconds: number }>}
 */
export async function burst({ origin, requests }) {
  const started = performance.now();
  const answers = await Promise.all(requests.map((r) => send(new URL(r.path, origin), r, started)));
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/**
 * A burst's answers as a LoadRun: an answer whose status `expected` accepts counts as answered
 * (its latency kept), any other as an error.
 * @param {{ answers: BurstAnswer[], seconds: number }} result
 * @param {(status: number) => boolean} [expected] default: 2xx
 * @returns {LoadRun}
 */
export function burstRun({ answers, seconds }, expected = (status) => status >= 200 && status < 300) {
  const failed = answers.filter((a) => !expected(a.status));
  const first = failed[0];
  return {
    latencies: answers.filter((a) => expected(a.status)).map((a) => a.ms),
    errors: failed.length,
    firstError: first ? `${first.status}: ${first.body.slice(0, 200)}` : null,
    seconds,
  };
}
