/**
 * The server's environment, checked with zod when it starts (docs/architecture.md "Conventions"; docs/decisions/014-production.md). pb/env.go runs this file,
 * bundled to pb_hooks/lib/server-env.js, in a plain goja runtime before PocketBase boots: a wrong
 * or missing variable stops `serve` with one message listing every problem and exit code 1,
 * instead of a crash or a half-configured server.
 *
 * Rules for every start: values that are set must be well formed (APP_URL an origin, keys in
 * Stripe's format, ports and upload limits numbers…), and a Stripe key needs its webhook secret. With
 * `APP_ENV=production` the site must also be reachable and trustworthy: APP_URL (https),
 * ADMIN_EMAIL, SMTP and real payments (demo payments only with ALLOW_DEMO_PAYMENTS=true), and
 * RATE_LIMITS=off is refused, and so is a server with no replica at all (REPLICA_DIR=off without
 * REPLICA_S3_*, docs/decisions/041-continuous-replication.md). No message ever repeats a value
 * (some are secrets).
 *
 * Runs in goja too: no `URL`, no Node or browser API.
 */
import { z } from 'zod';

/** What the Go server needs from the environment, normalised (JSON between TS and Go). */
export interface ServerEnv {
  production: boolean;
  /** APP_URL reduced to its origin ("https://shop.example"), or null when unset. */
  appOrigin: string | null;
  adminEmail: string | null;
  /** MAIL_FROM split into its address and display name (null: none given), or null when unset. */
  mailFrom: MailFrom | null;
  payments: 'stripe' | 'demo';
  /** The address `serve` listens on without --http and without a domain (HOST, PORT). */
  listen: { host: string; port: number } | null;
  /** PocketBase's trusted-proxy setting (TRUSTED_PROXY_HEADERS), or null to leave it alone. */
  trustedProxy: { headers: string[]; useLeftmostIP: boolean } | null;
  /** PocketBase's backups storage on S3-compatible storage (BACKUP_S3_*), or null: local. */
  backupS3: S3Storage | null;
  /** Continuous replication of the database and uploaded files (docs/decisions/041). */
  replica: ReplicaEnv;
  /**
   * HOOK_POOL_SIZE: how many hook runtimes `serve` keeps, each warmed before it answers
   * (pb/hook_warmup.go), 1–25; null for the default, 25 (pb/hook_turns.go hookPoolSize).
   */
  hookPoolSize: number | null;
  /** Lines the server prints at start (a frozen clock, a test key in production…). */
  warnings: string[];
}

/** The sender of every e-mail: `bookings@example.com` or `Thoughtfully Adorned <bookings@example.com>`. */
export interface MailFrom {
  address: string;
  name: string | null;
}

/** An S3-compatible bucket and its credentials (BACKUP_S3_* or REPLICA_S3_*). */
export interface S3Storage {
  bucket: string;
  region: string;
  endpoint: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}

/** Where and how often `serve` replicates (REPLICA_DIR, REPLICA_INTERVAL_SECONDS, REPLICA_S3_*). */
export interface ReplicaEnv {
  /** REPLICA_DIR=off: no local replica (tests); the S3 one, if set, still runs. */
  off: boolean;
  /** REPLICA_DIR as given, or null for the default beside the data dir (`<data dir>-replica`). */
  dir: string | null;
  /** Seconds between replication passes: the recovery point (1–300, default 60). */
  intervalSeconds: number;
  /** The S3-compatible replica (REPLICA_S3_*), or null. */
  s3: S3Storage | null;
}

/** The outcome of checkServerEnv: the normalised environment, or the one message to print. */
export type ServerEnvResult = { ok: true; env: ServerEnv } | { ok: false; message: string };

/** An unset variable: absent or empty (an `EnvironmentFile` line `KEY=` is empty). */
const unset = (v: unknown) => (v === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(unset, schema.optional());

const HOSTNAME = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/;
/** scheme :// authority path? query? fragment? (RFC 3986's shape, without `URL`). */
const WEB_ADDRESS = /^(https?):\/\/([^/?#\s]*)([^?#\s]*)(\?[^#\s]*)?(#\S*)?$/i;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

interface WebAddress {
  scheme: 'http' | 'https';
  host: string;
  port: number | null;
  path: string;
  query: boolean;
  fragment: boolean;
  credentials: boolean;
}

/** Splits an http(s) address into its parts, or null when it is not one. */
function parseWebAddress(value: string): WebAddress | null {
  const m = WEB_ADDRESS.exec(value);
  if (!m) return null;
  const [, scheme, authority = '', path = '', query, fragment] = m;
  const credentials = authority.includes('@');
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const hp = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(hostPort);
  if (!hp || !hp[1] || !HOSTNAME.test(hp[1])) return null;
  const port = hp[2] === undefined ? null : Number(hp[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { scheme: scheme!.toLowerCase() as 'http' | 'https', host: hp[1].toLowerCase(), port, path, query: query !== undefined, fragment: fragment !== undefined, credentials };
}

/** The origin of a parsed address, without a default port ("https://shop.example"). */
function originOf(a: WebAddress): string {
  const defaultPort = a.scheme === 'https' ? 443 : 80;
  return `${a.scheme}://${a.host}${a.port === null || a.port === defaultPort ? '' : `:${a.port}`}`;
}

/** An http(s) address (any path), for service base URLs. */
const webAddress = (name: string) => optional(z.string().refine((v) => parseWebAddress(v) !== null, `${name} is not a web address (http:// or https://).`));

const email = (name: string) => optional(z.email(`${name} is not an e-mail address.`));

const MAIL_FROM_MESSAGE = 'MAIL_FROM is not an e-mail address: use bookings@example.com, or with a name, Thoughtfully Adorned <bookings@example.com>.';
const EMAIL_CHECK = z.email();

/**
 * MAIL_FROM as RFC 5322 writes a sender: an address alone, or a display name (plain words, or
 * in double quotes) before the address in angle brackets. Null when it is neither.
 */
export function parseMailFrom(value: string): MailFrom | null {
  const trimmed = value.trim();
  const named = /^(?:"((?:[^"\\\r\n]|\\.)*)"|([^<>"\r\n]*?))\s*<([^<>\s]+)>$/.exec(trimmed);
  const address = named ? named[3]! : trimmed;
  if (!EMAIL_CHECK.safeParse(address).success) return null;
  if (!named) return { address, name: null };
  const name = (named[1] !== undefined ? named[1].replace(/\\(.)/g, '$1') : named[2]!).trim();
  return { address, name: name || null };
}

const flag = (name: string) => optional(z.enum(['true', 'false'], `${name} must be true or false.`)).transform((v) => v === 'true');

/** A whole number from `min` to `max` (no more digits than `max` has), else `message`. */
const wholeNumber = (min: number, max: number, message: string) =>
  optional(
    z
      .string()
      .regex(new RegExp(`^\\d{1,${String(max).length}}$`), message)
      .transform(Number)
      .refine((n) => n >= min && n <= max, message),
  );

const port = (name: string) => wholeNumber(1, 65535, `${name} must be a port number (1–65535).`);

/**
 * A size in whole MB (1,048,576 bytes) from `min` up to 2^40 (pb/disk_guard.go's bound), for the
 * upload limits of docs/decisions/042-bounded-uploads.md.
 */
const wholeMb = (name: string, min: number) => wholeNumber(min, 2 ** 40, `${name} must be a whole number of megabytes${min === 0 ? ' (0 turns it off)' : ', at least 1'}.`);

const APP_URL_EXAMPLE = 'like https://www.example.com';
const HOOK_POOL_SIZE_MESSAGE = 'HOOK_POOL_SIZE must be a whole number of hook runtimes from 1 to 25 (the default).';
const REPLICA_INTERVAL_MESSAGE = 'REPLICA_INTERVAL_SECONDS must be a whole number of seconds from 1 to 300 (the recovery point is at most 5 minutes).';

/** Each variable on its own: well formed when set. */
const schema = z.object({
  APP_ENV: optional(z.enum(['production', 'development'], 'APP_ENV must be production or development.')),
  APP_URL: optional(
    z.string().transform((v, ctx) => {
      const a = parseWebAddress(v);
      if (!a) {
        ctx.addIssue({ code: 'custom', message: `APP_URL is not a web address: use the site's public origin, ${APP_URL_EXAMPLE}.` });
        return z.NEVER;
      }
      if (a.credentials || a.query || a.fragment || (a.path !== '' && a.path !== '/')) {
        ctx.addIssue({ code: 'custom', message: `APP_URL must be the site's origin only (scheme, host and port), ${APP_URL_EXAMPLE}, without a path, query, fragment or user name.` });
        return z.NEVER;
      }
      return a;
    }),
  ),
  ADMIN_EMAIL: email('ADMIN_EMAIL'),
  APP_NOW: optional(z.string().refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && Number.isFinite(Date.parse(v)), 'APP_NOW must be an ISO instant, like 2026-11-20T17:00:00Z.')),
  HOST: optional(z.string().regex(HOSTNAME, 'HOST must be an IP address or host name to listen on, like 127.0.0.1.')),
  PORT: port('PORT'),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_live_… or sk_test_…).')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[A-Za-z0-9_]+$/, 'STRIPE_WEBHOOK_SECRET does not look like a webhook signing secret (whsec_…).')),
  STRIPE_API_BASE: webAddress('STRIPE_API_BASE'),
  ALLOW_DEMO_PAYMENTS: flag('ALLOW_DEMO_PAYMENTS'),
  SMTP_HOST: optional(z.string().regex(HOSTNAME, 'SMTP_HOST must be a host name or IP address, like smtp.example.com.')),
  SMTP_PORT: port('SMTP_PORT'),
  SMTP_TLS: flag('SMTP_TLS'),
  MAIL_FROM: optional(
    z.string().transform((v, ctx) => {
      const from = parseMailFrom(v);
      if (!from) {
        ctx.addIssue({ code: 'custom', message: MAIL_FROM_MESSAGE });
        return z.NEVER;
      }
      return from;
    }),
  ),
  OPENROUTESERVICE_URL: webAddress('OPENROUTESERVICE_URL'),
  RATE_LIMITS: optional(z.enum(['off'], 'RATE_LIMITS may only be off (tests), or unset.')),
  HOOK_POOL_SIZE: wholeNumber(1, 25, HOOK_POOL_SIZE_MESSAGE),
  TRUSTED_PROXY_HEADERS: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean),
      )
      .refine((hs) => hs.length > 0 && hs.every((h) => /^[A-Za-z0-9-]+$/.test(h)), 'TRUSTED_PROXY_HEADERS must be header names separated by commas, like X-Forwarded-For.'),
  ),
  TRUSTED_PROXY_USE_LEFTMOST_IP: flag('TRUSTED_PROXY_USE_LEFTMOST_IP'),
  BACKUP_S3_BUCKET: optional(z.string()),
  BACKUP_S3_REGION: optional(z.string()),
  BACKUP_S3_ENDPOINT: webAddress('BACKUP_S3_ENDPOINT'),
  BACKUP_S3_ACCESS_KEY: optional(z.string()),
  BACKUP_S3_SECRET: optional(z.string()),
  BACKUP_S3_FORCE_PATH_STYLE: flag('BACKUP_S3_FORCE_PATH_STYLE'),
  REPLICA_DIR: optional(z.string()),
  REPLICA_INTERVAL_SECONDS: wholeNumber(1, 300, REPLICA_INTERVAL_MESSAGE),
  REPLICA_S3_BUCKET: optional(z.string()),
  REPLICA_S3_REGION: optional(z.string()),
  REPLICA_S3_ENDPOINT: webAddress('REPLICA_S3_ENDPOINT'),
  REPLICA_S3_ACCESS_KEY: optional(z.string()),
  REPLICA_S3_SECRET: optional(z.string()),
  REPLICA_S3_FORCE_PATH_STYLE: flag('REPLICA_S3_FORCE_PATH_STYLE'),
  // Read by pb/disk_guard.go and pb_hooks/src/lib/bookings/upload-caps.ts; checked here.
  UPLOAD_MIN_FREE_MB: wholeMb('UPLOAD_MIN_FREE_MB', 0),
  UPLOAD_ADDRESS_MB_PER_HOUR: wholeMb('UPLOAD_ADDRESS_MB_PER_HOUR', 1),
  UPLOAD_SITE_MB_PER_DAY: wholeMb('UPLOAD_SITE_MB_PER_DAY', 1),
});

type RawEnv = Record<string, string | undefined>;

/**
 * Rules across variables, on the raw values (set = non-empty), so they are listed even when
 * another variable is malformed. `appUrl` is the parsed APP_URL when it is well formed.
 */
function crossProblems(raw: RawEnv, appUrl: WebAddress | null): string[] {
  const has = (name: string) => !!raw[name];
  const problems: string[] = [];
  if (has('STRIPE_SECRET_KEY') && !has('STRIPE_WEBHOOK_SECRET')) {
    problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: the signing secret (whsec_…) of the webhook endpoint APP_URL/api/fn/stripe-webhook.');
  }
  problems.push(...incompleteS3(raw, 'BACKUP', 'backups to S3 need'), ...incompleteS3(raw, 'REPLICA', 'the replica to S3 needs'));
  // PocketBase lists every object of the backups bucket as a backup (the dashboard, its API), so
  // the replica's thousands of objects must live elsewhere.
  if (has('REPLICA_S3_BUCKET') && raw.REPLICA_S3_BUCKET === raw.BACKUP_S3_BUCKET && raw.REPLICA_S3_ENDPOINT === raw.BACKUP_S3_ENDPOINT) {
    problems.push('REPLICA_S3_BUCKET must not be the backups bucket (BACKUP_S3_BUCKET): PocketBase would list every replica object as a backup. Use a bucket of its own.');
  }
  if (raw.APP_ENV !== 'production') return problems;
  if (!has('APP_URL')) problems.push(`APP_URL is required in production: the site's public address, ${APP_URL_EXAMPLE}.`);
  else if (appUrl && appUrl.scheme !== 'https' && !LOCAL_HOSTS.has(appUrl.host)) problems.push('APP_URL must start with https:// in production (http only for localhost).');
  if (!has('ADMIN_EMAIL')) problems.push('ADMIN_EMAIL is required in production: the e-mail address of the first admin (/setup-admin).');
  if (!has('STRIPE_SECRET_KEY') && raw.ALLOW_DEMO_PAYMENTS !== 'true') {
    problems.push('STRIPE_SECRET_KEY is required in production: without it payments are demo payments that charge no card (set ALLOW_DEMO_PAYMENTS=true to run them in production on purpose).');
  }
  if (!has('SMTP_HOST')) problems.push('SMTP_HOST is required in production: without it no e-mail reaches customers or the business.');
  if (!has('MAIL_FROM')) problems.push('MAIL_FROM is required in production: the address e-mails are sent from.');
  if (raw.RATE_LIMITS === 'off') problems.push('RATE_LIMITS=off is for tests only: remove it in production.');
  if (raw.REPLICA_DIR === 'off' && !has('REPLICA_S3_BUCKET')) {
    problems.push('REPLICA_DIR=off leaves production without a replica: remove it (the default is a directory beside the data dir), or set REPLICA_S3_* as well.');
  }
  return problems;
}

const S3_PARTS = ['BUCKET', 'REGION', 'ENDPOINT', 'ACCESS_KEY', 'SECRET'];

/** The problem with `PREFIX_S3_*` when some of its five variables are set but not all; `needs` starts the explanation. */
function incompleteS3(raw: RawEnv, prefix: 'BACKUP' | 'REPLICA', needs: string): string[] {
  const keys = S3_PARTS.map((p) => `${prefix}_S3_${p}`);
  const missing = keys.filter((k) => !raw[k]);
  if (missing.length === 0 || missing.length === keys.length) return [];
  return [`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: ${needs} all of ${keys.slice(0, -1).join(', ')} and ${keys[keys.length - 1]}.`];
}

/**
 * Checks the environment (variable name → value, as the process has it).
 * @returns the normalised ServerEnv, or the message listing every problem (never a value).
 */
export function checkServerEnv(vars: RawEnv): ServerEnvResult {
  const parsed = schema.safeParse(vars);
  const production = vars.APP_ENV === 'production';
  const appUrl = vars.APP_URL ? parseWebAddress(vars.APP_URL) : null;
  const lines = [...new Set([...(parsed.error?.issues.map((i) => i.message) ?? []), ...crossProblems(vars, appUrl)])];
  if (!parsed.success || lines.length > 0) {
    return {
      ok: false,
      message: [
        `Cannot start: the environment needs fixing${production ? ' (APP_ENV=production)' : ''}.`,
        ...lines.map((l) => `  - ${l}`),
        'Set them in the environment (deploy/production.env.example lists every variable) and start again.',
      ].join('\n'),
    };
  }
  const env = parsed.data!;
  const warnings: string[] = [];
  if (env.APP_NOW) warnings.push(`APP_NOW freezes the server clock at ${env.APP_NOW}: for tests and demos only.`);
  if (production && env.STRIPE_SECRET_KEY?.includes('_test_')) warnings.push('STRIPE_SECRET_KEY is a test key: Stripe takes no real money.');
  return {
    ok: true,
    env: {
      production,
      appOrigin: env.APP_URL ? originOf(env.APP_URL) : null,
      adminEmail: env.ADMIN_EMAIL ?? null,
      mailFrom: env.MAIL_FROM ?? null,
      payments: env.STRIPE_SECRET_KEY ? 'stripe' : 'demo',
      listen: env.HOST || env.PORT ? { host: env.HOST ?? '127.0.0.1', port: env.PORT ?? 8090 } : null,
      trustedProxy: env.TRUSTED_PROXY_HEADERS ? { headers: env.TRUSTED_PROXY_HEADERS, useLeftmostIP: env.TRUSTED_PROXY_USE_LEFTMOST_IP } : null,
      backupS3: s3Storage(env.BACKUP_S3_BUCKET, env.BACKUP_S3_REGION, env.BACKUP_S3_ENDPOINT, env.BACKUP_S3_ACCESS_KEY, env.BACKUP_S3_SECRET, env.BACKUP_S3_FORCE_PATH_STYLE),
      replica: {
        off: env.REPLICA_DIR === 'off',
        dir: env.REPLICA_DIR && env.REPLICA_DIR !== 'off' ? env.REPLICA_DIR : null,
        intervalSeconds: env.REPLICA_INTERVAL_SECONDS ?? 60,
        s3: s3Storage(env.REPLICA_S3_BUCKET, env.REPLICA_S3_REGION, env.REPLICA_S3_ENDPOINT, env.REPLICA_S3_ACCESS_KEY, env.REPLICA_S3_SECRET, env.REPLICA_S3_FORCE_PATH_STYLE),
      },
      hookPoolSize: env.HOOK_POOL_SIZE ?? null,
      warnings,
    },
  };
}

/** The S3 storage of five checked variables and the path-style flag, or null unless all five are set. */
function s3Storage(bucket?: string, region?: string, endpoint?: string, accessKey?: string, secret?: string, forcePathStyle = false): S3Storage | null {
  return bucket && region && endpoint && accessKey && secret ? { bucket, region, endpoint, accessKey, secret, forcePathStyle } : null;
}

/** checkServerEnv as JSON text: the form pb/env.go reads back from goja. */
export function checkServerEnvJson(vars: RawEnv): string {
  return JSON.stringify(checkServerEnv(vars));
}
