/**
 * Server tests as scenario tables (PocketBase's tests.ApiScenario is the model): a request
 * (method, URL, body, headers), who makes it (anonymous, staff without the admin role, the
 * admin, a superuser), and what must come of it: the status, parts of the answer, and how many
 * records of each named collection it adds (0: it changed nothing there).
 */
import { expect } from 'vitest';
import { request, superuser } from './support';

export type Caller = 'anonymous' | 'staff' | 'admin' | 'superuser';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  caller: Caller;
  /** The expected status, or the statuses any of which will do. */
  status: number | readonly number[];
  /** Parts the JSON answer must contain (toMatchObject). */
  answer?: Record<string, unknown>;
  /** Collection → how many records the request must add to it (0: none, and none removed). */
  added?: Record<string, number>;
}

/** The tokens of the callers that sign in (the shared server's, unless the test has its own). */
export interface CallerTokens {
  staff: string;
  admin: string;
  superuser: string;
}

async function counts(names: string[]): Promise<Record<string, number>> {
  const su = superuser();
  const out: Record<string, number> = {};
  for (const n of names) out[n] = (await su.collection(n).getList(1, 1, { fields: 'id' })).totalItems;
  return out;
}

/** Runs scenario `s` with `tokens` on the shared test server and asserts everything it expects. */
export async function runScenario(s: Scenario, tokens: CallerTokens): Promise<void> {
  const watched = Object.keys(s.added ?? {});
  const before = await counts(watched);
  const token = s.caller === 'anonymous' ? null : tokens[s.caller];
  const res = await request({ method: s.method, route: s.url, body: s.body, headers: s.headers, token });
  const allowed: readonly number[] = typeof s.status === 'number' ? [s.status] : s.status;
  expect(allowed, `${s.name}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  if (s.answer) expect(res.body, s.name).toMatchObject(s.answer);
  const after = await counts(watched);
  for (const n of watched) expect(after[n]! - before[n]!, `${s.name}: records added to ${n}`).toBe(s.added![n]);
}
