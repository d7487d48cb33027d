import { describe, expect, it } from 'vitest';
import { checkServerEnv, checkServerEnvJson, type ServerEnv } from './server-env';

/** A complete production environment to vary. */
const PRODUCTION = {
  APP_ENV: 'production',
  APP_URL: 'https://www.thoughtfullyadorned.com',
  ADMIN_EMAIL: 'owner@thoughtfullyadorned.com',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  SMTP_USERNAME: 'mailer',
  SMTP_PASSWORD: 'hunter2-very-secret',
  MAIL_FROM: 'bookings@thoughtfullyadorned.com',
};

function ok(vars: Record<string, string | undefined>): ServerEnv {
  const r = checkServerEnv(vars);
  if (!r.ok) throw new Error(r.message);
  return r.env;
}

function message(vars: Record<string, string | undefined>): string {
  const r = checkServerEnv(vars);
  if (r.ok) throw new Error('expected the check to fail');
  return r.message;
}

describe('checkServerEnv', () => {
  it('accepts an empty development environment: demo payments, no origin, PocketBase defaults', () => {
    expect(ok({})).toEqual({
      production: false,
      appOrigin: null,
      adminEmail: null,
      mailFrom: null,
      payments: 'demo',
      listen: null,
      trustedProxy: null,
      backupS3: null,
      replica: { off: false, dir: null, intervalSeconds: 60, s3: null },
      hookPoolSize: null,
      warnings: [],
    });
  });

  it('accepts a complete production environment', () => {
    const env = ok(PRODUCTION);
    expect(env.production).toBe(true);
    expect(env.appOrigin).toBe('https://www.thoughtfullyadorned.com');
    expect(env.payments).toBe('stripe');
    expect(env.warnings).toEqual([]);
  });

  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['https://shop.example/', 'https://shop.example'],
    ['https://Shop.Example:443', 'https://shop.example'],
    ['http://127.0.0.1:8090', 'http://127.0.0.1:8090'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
  ])('reduces APP_URL %s to the origin %s', (url, origin) => {
    expect(ok({ APP_URL: url }).appOrigin).toBe(origin);
  });

  it.each([
    ['not a url', "APP_URL is not a web address: use the site's public origin, like https://www.example.com."],
    ['ftp://shop.example', "APP_URL is not a web address: use the site's public origin, like https://www.example.com."],
    ['https://', "APP_URL is not a web address: use the site's public origin, like https://www.example.com."],
    ['https://shop.example:99999', "APP_URL is not a web address: use the site's public origin, like https://www.example.com."],
    ['https://shop.example/shop', "APP_URL must be the site's origin only (scheme, host and port), like https://www.example.com, without a path, query, fragment or user name."],
    ['https://shop.example/?a=1', "APP_URL must be the site's origin only (scheme, host and port), like https://www.example.com, without a path, query, fragment or user name."],
    ['https://user:pw@shop.example', "APP_URL must be the site's origin only (scheme, host and port), like https://www.example.com, without a path, query, fragment or user name."],
  ])('refuses APP_URL %j with one clear line', (url, line) => {
    expect(message({ APP_URL: url })).toBe(
      ['Cannot start: the environment needs fixing.', `  - ${line}`, 'Set them in the environment (deploy/production.env.example lists every variable) and start again.'].join('\n'),
    );
  });

  it('refuses a Stripe key without its webhook secret, in development too', () => {
    expect(message({ STRIPE_SECRET_KEY: 'sk_test_123' })).toContain(
      '  - STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: the signing secret (whsec_…) of the webhook endpoint APP_URL/api/fn/stripe-webhook.',
    );
  });

  it('lists every missing production variable in one message, with the mode', () => {
    expect(message({ APP_ENV: 'production' })).toBe(
      [
        'Cannot start: the environment needs fixing (APP_ENV=production).',
        "  - APP_URL is required in production: the site's public address, like https://www.example.com.",
        '  - ADMIN_EMAIL is required in production: the e-mail address of the first admin (/setup-admin).',
        '  - STRIPE_SECRET_KEY is required in production: without it payments are demo payments that charge no card (set ALLOW_DEMO_PAYMENTS=true to run them in production on purpose).',
        '  - SMTP_HOST is required in production: without it no e-mail reaches customers or the business.',
        '  - MAIL_FROM is required in production: the address e-mails are sent from.',
        'Set them in the environment (deploy/production.env.example lists every variable) and start again.',
      ].join('\n'),
    );
  });

  it('treats empty values as unset (an EnvironmentFile line KEY=)', () => {
    expect(message({ ...PRODUCTION, APP_URL: '', STRIPE_WEBHOOK_SECRET: '' })).toContain('APP_URL is required in production');
    expect(ok({ STRIPE_SECRET_KEY: '', SMTP_PORT: '' }).payments).toBe('demo');
  });

  it('allows demo payments in production only when asked to', () => {
    const demo = { ...PRODUCTION, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    expect(message(demo)).toContain('STRIPE_SECRET_KEY is required in production');
    expect(ok({ ...demo, ALLOW_DEMO_PAYMENTS: 'true' }).payments).toBe('demo');
    expect(message({ ...demo, ALLOW_DEMO_PAYMENTS: 'yes' })).toContain('ALLOW_DEMO_PAYMENTS must be true or false.');
  });

  it('requires https in production except on this machine', () => {
    expect(message({ ...PRODUCTION, APP_URL: 'http://shop.example' })).toContain('APP_URL must start with https:// in production (http only for localhost).');
    expect(ok({ ...PRODUCTION, APP_URL: 'http://localhost:8090' }).appOrigin).toBe('http://localhost:8090');
  });

  it('accepts the upload limits as whole megabytes (docs/decisions/042)', () => {
    expect(ok({ UPLOAD_MIN_FREE_MB: '0', UPLOAD_ADDRESS_MB_PER_HOUR: '50', UPLOAD_SITE_MB_PER_DAY: '2048' }).production).toBe(false);
    expect(ok({ ...PRODUCTION, UPLOAD_MIN_FREE_MB: '1024' }).production).toBe(true);
  });

  it.each([
    ['UPLOAD_MIN_FREE_MB', '-1', 'UPLOAD_MIN_FREE_MB must be a whole number of megabytes (0 turns it off).'],
    ['UPLOAD_MIN_FREE_MB', '1.5', 'UPLOAD_MIN_FREE_MB must be a whole number of megabytes (0 turns it off).'],
    ['UPLOAD_MIN_FREE_MB', '1GB', 'UPLOAD_MIN_FREE_MB must be a whole number of megabytes (0 turns it off).'],
    ['UPLOAD_ADDRESS_MB_PER_HOUR', '0', 'UPLOAD_ADDRESS_MB_PER_HOUR must be a whole number of megabytes, at least 1.'],
    ['UPLOAD_SITE_MB_PER_DAY', 'lots', 'UPLOAD_SITE_MB_PER_DAY must be a whole number of megabytes, at least 1.'],
  ])('refuses %s=%s', (name, value, expected) => {
    expect(message({ [name]: value })).toContain(expected);
  });

  it('refuses RATE_LIMITS=off in production', () => {
    expect(ok({ RATE_LIMITS: 'off' }).production).toBe(false);
    expect(message({ ...PRODUCTION, RATE_LIMITS: 'off' })).toContain('RATE_LIMITS=off is for tests only: remove it in production.');
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a port number (1–65535).'],
    ['PORT', '70000', 'PORT must be a port number (1–65535).'],
    ['SMTP_PORT', '0', 'SMTP_PORT must be a port number (1–65535).'],
    ['HOST', 'http://x', 'HOST must be an IP address or host name to listen on, like 127.0.0.1.'],
    ['ADMIN_EMAIL', 'owner', 'ADMIN_EMAIL is not an e-mail address.'],
    ['MAIL_FROM', 'bookings', 'MAIL_FROM is not an e-mail address: use bookings@example.com, or with a name, Thoughtfully Adorned <bookings@example.com>.'],
    ['MAIL_FROM', 'Bookings <b@x.com', 'MAIL_FROM is not an e-mail address: use bookings@example.com, or with a name, Thoughtfully Adorned <bookings@example.com>.'],
    ['MAIL_FROM', 'Bookings <not an address>', 'MAIL_FROM is not an e-mail address: use bookings@example.com, or with a name, Thoughtfully Adorned <bookings@example.com>.'],
    ['STRIPE_SECRET_KEY', 'pk_live_abc', 'STRIPE_SECRET_KEY does not look like a Stripe secret key (sk_live_… or sk_test_…).'],
    ['STRIPE_API_BASE', 'localhost:12111', 'STRIPE_API_BASE is not a web address (http:// or https://).'],
    ['APP_NOW', 'tomorrow', 'APP_NOW must be an ISO instant, like 2026-11-20T17:00:00Z.'],
    ['TRUSTED_PROXY_HEADERS', 'X-Forwarded-For; X-Real-IP', 'TRUSTED_PROXY_HEADERS must be header names separated by commas, like X-Forwarded-For.'],
    ['APP_ENV', 'prod', 'APP_ENV must be production or development.'],
  ])('refuses a malformed %s (%j)', (name, value, line) => {
    expect(message({ [name]: value })).toContain(`  - ${line}`);
  });

  it.each([
    ['bookings@example.com', { address: 'bookings@example.com', name: null }],
    ['Thoughtfully Adorned <bookings@example.com>', { address: 'bookings@example.com', name: 'Thoughtfully Adorned' }],
    ['"Adorned, Inc." <bookings@example.com>', { address: 'bookings@example.com', name: 'Adorned, Inc.' }],
    ['<bookings@example.com>', { address: 'bookings@example.com', name: null }],
  ])('accepts MAIL_FROM=%s, with or without a display name', (value, mailFrom) => {
    expect(ok({ MAIL_FROM: value }).mailFrom).toEqual(mailFrom);
    expect(ok({ ...PRODUCTION, MAIL_FROM: value }).mailFrom).toEqual(mailFrom);
  });

  it('never repeats a value in its message', () => {
    const text = message({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_SECRETVALUE', STRIPE_WEBHOOK_SECRET: 'not-a-secret-SECRETVALUE', SMTP_PORT: 'SECRETVALUE' });
    expect(text).not.toContain('SECRETVALUE');
    expect(text).not.toContain('hunter2');
  });

  it('reads HOST and PORT as the listen address, defaulting the other half', () => {
    expect(ok({ PORT: '8080' }).listen).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(ok({ HOST: '0.0.0.0' }).listen).toEqual({ host: '0.0.0.0', port: 8090 });
  });

  it('reads the trusted proxy headers', () => {
    expect(ok({ TRUSTED_PROXY_HEADERS: 'X-Forwarded-For, X-Real-IP' }).trustedProxy).toEqual({ headers: ['X-Forwarded-For', 'X-Real-IP'], useLeftmostIP: false });
    expect(ok({ TRUSTED_PROXY_HEADERS: 'X-Forwarded-For', TRUSTED_PROXY_USE_LEFTMOST_IP: 'true' }).trustedProxy?.useLeftmostIP).toBe(true);
  });

  it('takes S3 backups only with all five variables, and names the missing ones', () => {
    const s3 = { BACKUP_S3_BUCKET: 'b', BACKUP_S3_REGION: 'auto', BACKUP_S3_ENDPOINT: 'https://s3.example.com', BACKUP_S3_ACCESS_KEY: 'AK', BACKUP_S3_SECRET: 'SK' };
    expect(ok(s3).backupS3).toEqual({ bucket: 'b', region: 'auto', endpoint: 'https://s3.example.com', accessKey: 'AK', secret: 'SK', forcePathStyle: false });
    expect(message({ BACKUP_S3_BUCKET: 'b', BACKUP_S3_REGION: 'auto', BACKUP_S3_ENDPOINT: 'https://s3.example.com' })).toContain(
      '  - BACKUP_S3_ACCESS_KEY, BACKUP_S3_SECRET are missing: backups to S3 need all of BACKUP_S3_BUCKET, BACKUP_S3_REGION, BACKUP_S3_ENDPOINT, BACKUP_S3_ACCESS_KEY and BACKUP_S3_SECRET.',
    );
  });

  it('keeps the default hook pool unless HOOK_POOL_SIZE sets 1 to 25 runtimes', () => {
    expect(ok({}).hookPoolSize).toBeNull();
    expect(ok({ HOOK_POOL_SIZE: '4' }).hookPoolSize).toBe(4);
    expect(ok({ ...PRODUCTION, HOOK_POOL_SIZE: '25' }).hookPoolSize).toBe(25);
  });

  it.each(['0', '26', '2.5', 'many'])('refuses HOOK_POOL_SIZE=%j', (value) => {
    expect(message({ HOOK_POOL_SIZE: value })).toContain('  - HOOK_POOL_SIZE must be a whole number of hook runtimes from 1 to 25 (the default).');
  });

  it('replicates every 60 s beside the data dir by default; REPLICA_DIR and REPLICA_INTERVAL_SECONDS change it', () => {
    expect(ok({ REPLICA_DIR: '/mnt/other-disk/replica', REPLICA_INTERVAL_SECONDS: '300' }).replica).toEqual({ off: false, dir: '/mnt/other-disk/replica', intervalSeconds: 300, s3: null });
    expect(ok({ REPLICA_DIR: 'off', REPLICA_INTERVAL_SECONDS: '1' }).replica).toMatchObject({ off: true, dir: null, intervalSeconds: 1 });
  });

  it.each(['0', '301', '1.5', 'a minute'])('refuses REPLICA_INTERVAL_SECONDS=%j: the recovery point is at most 5 minutes', (value) => {
    expect(message({ REPLICA_INTERVAL_SECONDS: value })).toContain('  - REPLICA_INTERVAL_SECONDS must be a whole number of seconds from 1 to 300 (the recovery point is at most 5 minutes).');
  });

  it('takes the S3 replica only with all five variables, and never in the backups bucket', () => {
    const s3 = {
      REPLICA_S3_BUCKET: 'r',
      REPLICA_S3_REGION: 'auto',
      REPLICA_S3_ENDPOINT: 'https://s3.example.com',
      REPLICA_S3_ACCESS_KEY: 'AK',
      REPLICA_S3_SECRET: 'SK',
      REPLICA_S3_FORCE_PATH_STYLE: 'true',
    };
    expect(ok(s3).replica.s3).toEqual({ bucket: 'r', region: 'auto', endpoint: 'https://s3.example.com', accessKey: 'AK', secret: 'SK', forcePathStyle: true });
    expect(message({ REPLICA_S3_BUCKET: 'r' })).toContain(
      '  - REPLICA_S3_REGION, REPLICA_S3_ENDPOINT, REPLICA_S3_ACCESS_KEY, REPLICA_S3_SECRET are missing: the replica to S3 needs all of REPLICA_S3_BUCKET, REPLICA_S3_REGION, REPLICA_S3_ENDPOINT, REPLICA_S3_ACCESS_KEY and REPLICA_S3_SECRET.',
    );
    const backups = { BACKUP_S3_BUCKET: 'r', BACKUP_S3_REGION: 'auto', BACKUP_S3_ENDPOINT: 'https://s3.example.com', BACKUP_S3_ACCESS_KEY: 'AK', BACKUP_S3_SECRET: 'SK' };
    expect(message({ ...s3, ...backups })).toContain('  - REPLICA_S3_BUCKET must not be the backups bucket (BACKUP_S3_BUCKET)');
    expect(ok({ ...s3, ...backups, BACKUP_S3_BUCKET: 'b' }).replica.s3?.bucket).toBe('r');
  });

  it('refuses production without any replica', () => {
    expect(message({ ...PRODUCTION, REPLICA_DIR: 'off' })).toContain('  - REPLICA_DIR=off leaves production without a replica');
    const s3 = { REPLICA_S3_BUCKET: 'r', REPLICA_S3_REGION: 'auto', REPLICA_S3_ENDPOINT: 'https://s3.example.com', REPLICA_S3_ACCESS_KEY: 'AK', REPLICA_S3_SECRET: 'SK' };
    expect(ok({ ...PRODUCTION, ...s3, REPLICA_DIR: 'off' }).replica).toMatchObject({ off: true, s3: { bucket: 'r' } });
    expect(ok({ REPLICA_DIR: 'off' }).replica.off).toBe(true);
  });

  it('warns about a frozen clock and a Stripe test key in production', () => {
    expect(ok({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_test_1', APP_NOW: '2026-11-20T17:00:00Z' }).warnings).toEqual([
      'APP_NOW freezes the server clock at 2026-11-20T17:00:00Z: for tests and demos only.',
      'STRIPE_SECRET_KEY is a test key: Stripe takes no real money.',
    ]);
  });

  it('answers JSON for the Go server', () => {
    expect(JSON.parse(checkServerEnvJson({ APP_URL: 'x' }))).toMatchObject({ ok: false });
  });
});

describe('checkServerEnv with several problems', () => {
  it('lists malformed and missing variables together', () => {
    expect(message({ APP_URL: 'nope', STRIPE_SECRET_KEY: 'sk_test_1' }).split('\n')).toEqual([
      'Cannot start: the environment needs fixing.',
      "  - APP_URL is not a web address: use the site's public origin, like https://www.example.com.",
      '  - STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set: the signing secret (whsec_…) of the webhook endpoint APP_URL/api/fn/stripe-webhook.',
      'Set them in the environment (deploy/production.env.example lists every variable) and start again.',
    ]);
  });
});
