/**
 * Helpers for server tests: the URL of this worker's shared server, an anonymous and a
 * superuser PocketBase client, raw calls to the `/api/fn/` routes, and a valid booking request
 * to vary; the template data dir for a file's own server.
 */
import PocketBase, { ClientResponseError } from 'pocketbase';
import { inject } from 'vitest';
import { exampleRequest } from '../../scripts/lib/example-booking.mjs';
import { SUPERUSER } from './constants';

/** This worker's index into the shared servers (global-setup.ts starts one per worker). */
function workerIndex(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  return ((Number.isInteger(id) && id > 0 ? id : 1) - 1) % inject('pbUrls').length;
}

/** The shared server of this worker: the files of a worker run one after another on it. */
export const baseUrl = (): string => inject('pbUrls')[workerIndex()]!;

/**
 * The template data dir (migrated, with SUPERUSER): pass it as `template` to startServer for a
 * server of one's own, on a new data dir, instead of `superuser` (no migrating, no upsert).
 */
export const template = (): string => inject('pbTemplate');

/** A PocketBase client signed in as SUPERUSER on the server at `url` (a file's own server), requests never auto-cancelled. */
export async function superuserAt(url: string): Promise<PocketBase> {
  const su = new PocketBase(url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return su;
}

/** A PocketBase SDK client with the superuser's token (no login: logins are rate-limited). */
export function superuser(): PocketBase {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  pb.authStore.save(inject('superuserTokens')[workerIndex()]!, null);
  return pb;
}

/** An anonymous PocketBase SDK client. */
export function anonymous(): PocketBase {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  return pb;
}

export interface FnResponse<T = any> {
  status: number;
  body: T;
}

export interface RequestOptions {
  /** The server (default: the shared test server). */
  base?: string;
  method?: string;
  route: string;
  /** JSON-encoded, sent as is when a string, as multipart when FormData; none when undefined. */
  body?: unknown;
  /** Sent as Authorization. */
  token?: string | null;
  headers?: Record<string, string>;
}

/**
 * The one way tests call the server's HTTP API: the status and the answer parsed as JSON (else
 * its text, or null when empty). Never throws for an HTTP error status.
 */
export async function request<T = any>(opts: RequestOptions): Promise<FnResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  if (opts.token) headers.Authorization = opts.token;
  const res = await fetch(`${opts.base ?? baseUrl()}${opts.route}`, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let parsed: unknown = text ? text : null;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body: parsed as T };
}

/**
 * Calls a route with a JSON body (or a raw string body, sent as-is), optionally with an auth
 * token, and parses the response.
 */
export function callFnAs<T = any>(token: string | null, method: 'GET' | 'POST', route: string, body?: unknown): Promise<FnResponse<T>> {
  return request<T>({ method, route, body, token });
}

/** Calls a route anonymously (see callFnAs). */
export function callFn<T = any>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<FnResponse<T>> {
  return callFnAs<T>(null, method, route, body);
}

/** Deletes every record of the given collections (superuser). */
export async function clearCollections(...names: string[]): Promise<void> {
  const pb = superuser();
  for (const name of names) {
    const records = await pb.collection(name).getFullList({ fields: 'id' });
    for (const r of records) await pb.collection(name).delete(r.id);
  }
}

/**
 * A valid booking request for the frozen clock (today 2026-11-20): Elevated Arbor 7.5–9 ft,
 * install Tuesday 2026-11-24 9–15, removal Monday 2026-12-28 9–15.
 */
export function bookingRequest(over: Record<string, unknown> = {}): Record<string, unknown> {
  return exampleRequest(over);
}

/** Status of a failed SDK call, or 200 when it succeeded. */
export async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof ClientResponseError) return err.status;
    throw err;
  }
}
