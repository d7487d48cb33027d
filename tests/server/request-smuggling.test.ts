/**
 * A request body that a route stops reading early must never be parsed as the next request on
 * a keep-alive connection (docs/decisions/010, request smuggling; docs/decisions/009-request-body-desync.md).
 * Each scenario writes one raw request whose declared body (Content-Length or chunked) hides a
 * second request; the server may drain the rest of the body and keep the connection, or close
 * it, but it must answer only the outer request. When the first answer keeps the connection
 * open, a well-formed follow-up request (GET /api/health, Connection: close) must be the next
 * thing answered.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support';

/** MAX_BODY_BYTES of pb_hooks/src/lib/http.ts: readJsonObject reads this + 1 bytes, then 400. */
const JSON_LIMIT = 64 * 1024;
/** How much unread body net/http drains after a handler before it gives up and closes. */
const DRAIN_BOUND = 256 * 1024;
/** PocketBase's body limit of analytics_events: 32 MiB plus its JSON field's 2,000 bytes. */
const ANALYTICS_LIMIT = 32 * 1024 * 1024 + 2000;

/** The hidden request: a 404 no other request here gets, so an answer to it shows. */
const HIDDEN = 'GET /api/smuggled-request HTTP/1.1\r\nHost: localhost\r\n\r\n';
/**
 * A hidden request left unfinished, to take the next request's Host and Authorization as its
 * own (its first line lands in X-Ignore); its padding carries it past net/http's drain bound.
 */
const HIDDEN_OPEN = `DELETE /api/collections/bookings/records/smuggled00001 HTTP/1.1\r\nX-Pad: ${'p'.repeat(DRAIN_BOUND)}\r\nX-Ignore: `;
const FOLLOW_UP = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nAuthorization: follow-up\r\nConnection: close\r\n\r\n';

interface ParsedResponse {
  status: number;
  connection: string;
}

/**
 * The complete HTTP/1.1 responses at the start of `data` (latin1). Bodies are framed by
 * Content-Length or chunked encoding; an incomplete response ends the list.
 */
function parseResponses(data: string): ParsedResponse[] {
  const responses: ParsedResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return responses;
    const [statusLine = '', ...lines] = data.slice(at, headEnd).split('\r\n');
    const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    let end = headEnd + 4;
    if (headers.get('transfer-encoding')?.toLowerCase() === 'chunked') {
      for (;;) {
        const lineEnd = data.indexOf('\r\n', end);
        if (lineEnd < 0) return responses;
        const size = parseInt(data.slice(end, lineEnd), 16);
        end = lineEnd + 2 + size + 2;
        if (end > data.length) return responses;
        if (size === 0) break;
      }
    } else {
      end += Number(headers.get('content-length') ?? 0);
      if (end > data.length) return responses;
    }
    responses.push({ status: Number(statusLine.split(' ')[1]), connection: headers.get('connection')?.toLowerCase() ?? '' });
    at = end;
  }
}

/**
 * Writes `request` on a fresh connection and returns the statuses of every response until the
 * server closes it (`closed`; false after 20 s without). With `followUp`, FOLLOW_UP is sent
 * after the first response unless that says Connection: close. Writing errors (the server
 * closing while a large body is still being sent) count as the server closing.
 */
function exchange(request: Buffer, followUp = true): Promise<{ statuses: number[]; closed: boolean }> {
  const { hostname, port } = new URL(baseUrl());
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    let followedUp = !followUp;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ statuses: parseResponses(data).map((r) => r.status), closed });
    };
    const timer = setTimeout(() => finish(false), 20_000);
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      const [first] = parseResponses(data);
      if (first && !followedUp && first.connection !== 'close') {
        followedUp = true;
        socket.write(FOLLOW_UP);
      }
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {
      /* EPIPE or ECONNRESET while the body is still being written: the 'close' event follows */
    });
    socket.write(request);
  });
}

/** A POST with a Content-Length body. */
function postWithLength(route: string, body: Buffer): Buffer {
  const head = `POST ${route} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/** A POST with a chunked body, `encoded` as it goes on the wire. */
function postChunked(route: string, encoded: Buffer): Buffer {
  const head = `POST ${route} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), encoded]);
}

/** `data` in chunked encoding: one chunk, then the last chunk. */
function oneChunk(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`, 'latin1'), data, Buffer.from('\r\n0\r\n\r\n', 'latin1')]);
}

/** `n` filler bytes, then `hidden`, then `after` more filler bytes. */
function bodyHiding(n: number, hidden: string, after = 0): Buffer {
  return Buffer.concat([Buffer.alloc(n, 'x'), Buffer.from(hidden, 'latin1'), Buffer.alloc(after, 'y')]);
}

interface Scenario {
  name: string;
  request: () => Buffer;
  /** Every status answered on the connection, in order; 200 last is the follow-up's. */
  expected: number[];
}

const JSON_ROUTES = ['/api/fn/calculate-distance', '/api/fn/create-booking-checkout', '/api/fn/consultation-request'];

const scenarios: Scenario[] = [
  ...JSON_ROUTES.flatMap((route): Scenario[] => [
    {
      // The reported case: the rest of the body is small, so it is drained as body.
      name: `${route}: body just over 64 KB with a request after byte 64 KB + 1`,
      request: () => postWithLength(route, bodyHiding(JSON_LIMIT + 1, HIDDEN)),
      expected: [400, 200],
    },
    {
      // The route stops at 64 KB + 1; more than the drain bound is left, so it must close.
      name: `${route}: a request at byte 64 KB + 1 of a body over 320 KB`,
      request: () => postWithLength(route, bodyHiding(JSON_LIMIT + 1, HIDDEN, DRAIN_BOUND + 1000)),
      expected: [400],
    },
  ]),
  {
    // The shape of the reported attack: behind a proxy the next client's request completes it.
    name: '/api/fn/calculate-distance: an unfinished request at byte 64 KB + 1 waiting for the next request',
    request: () => postWithLength('/api/fn/calculate-distance', bodyHiding(JSON_LIMIT + 1, HIDDEN_OPEN)),
    expected: [400],
  },
  {
    name: '/api/fn/calculate-distance: chunked body just over 64 KB with a request inside',
    request: () => postChunked('/api/fn/calculate-distance', oneChunk(bodyHiding(JSON_LIMIT + 1, HIDDEN))),
    expected: [400, 200],
  },
  {
    // net/http reads up to its drain bound of chunked data before it gives up.
    name: '/api/fn/calculate-distance: chunked body with a request where draining gives up',
    request: () => postChunked('/api/fn/calculate-distance', oneChunk(bodyHiding(JSON_LIMIT + 1 + DRAIN_BOUND, HIDDEN))),
    expected: [400],
  },
  {
    // The route's read stops at the bad chunk size; a small body is enough.
    name: '/api/fn/calculate-distance: chunked body with a malformed chunk size and a request after it',
    request: () => postChunked('/api/fn/calculate-distance', Buffer.from(`b\r\n{"address":\r\nzz\r\n${HIDDEN}`, 'latin1')),
    expected: [400],
  },
  {
    name: '/api/collections/analytics_events/records: malformed JSON with a request inside',
    request: () => postWithLength('/api/collections/analytics_events/records', bodyHiding(1000, HIDDEN)),
    expected: [400, 200],
  },
  {
    // PocketBase answers 413 from the declared length alone and reads nothing.
    name: '/api/collections/analytics_events/records: a request at the start of a body 1 byte over the limit',
    request: () => postWithLength('/api/collections/analytics_events/records', bodyHiding(0, HIDDEN, ANALYTICS_LIMIT + 1 - HIDDEN.length)),
    expected: [413],
  },
];

describe('a request hidden in a request body is never answered', () => {
  for (const { name, request, expected } of scenarios) {
    it(name, async () => {
      const { statuses, closed } = await exchange(request());
      expect(statuses).toEqual(expected);
      expect(closed).toBe(true);
    });
  }
});

describe('keep-alive pipelining', () => {
  it('answers two well-formed requests sent together on one connection', async () => {
    const body = JSON.stringify({ address: '3430 Court House Dr, Ellicott City, MD 21042' });
    const request = Buffer.concat([postWithLength('/api/fn/calculate-distance', Buffer.from(body)), Buffer.from(FOLLOW_UP, 'latin1')]);
    const { statuses, closed } = await exchange(request, false);
    expect(statuses).toEqual([200, 200]);
    expect(closed).toBe(true);
  });

  it('answers the request after a rejected body just over 64 KB', async () => {
    const request = Buffer.concat([postWithLength('/api/fn/calculate-distance', Buffer.alloc(JSON_LIMIT + 1, 'x')), Buffer.from(FOLLOW_UP, 'latin1')]);
    const { statuses, closed } = await exchange(request, false);
    expect(statuses).toEqual([400, 200]);
    expect(closed).toBe(true);
  });
});
