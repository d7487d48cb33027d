/**
 * Stripe's own stripe-mock (bin/stripe-mock, installed by the test build) on a free port, behind
 * a small recording proxy so tests can assert exactly what our server sent to Stripe.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { STRIPE_MOCK_BIN } from '../../scripts/build/build-steps.mjs';
import { freePort } from '../../scripts/lib/server.mjs';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StripeMock {
  /** Base URL to give the server as STRIPE_API_BASE (the recording proxy). */
  url: string;
  requests: RecordedRequest[];
  stop: () => Promise<void>;
}

export async function startStripeMock(): Promise<StripeMock> {
  const mockPort = await freePort();
  const child = spawn(STRIPE_MOCK_BIN, ['-http-port', String(mockPort), '-https-port', String(await freePort())], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${mockPort}/v1/charges?limit=1`, { headers: { Authorization: 'Bearer sk_test_123' } }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('stripe-mock did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  const requests: RecordedRequest[] = [];
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
      const upstream = http.request({ host: '127.0.0.1', port: mockPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      upstream.end(body);
    });
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    requests,
    stop: async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
