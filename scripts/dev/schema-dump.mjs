// @ts-check
/**
 * `node scripts/dev/schema-dump.mjs [--migrationsDir=DIR] [--hooksDir=DIR] [--down=N] [--out=FILE]`:
 * applies the migrations to a fresh, temporary data dir with the built bin/pocketbase (`npm run
 * build` first), with --down=N then reverts the last N (their down functions), and prints, or
 * writes to FILE, what is left, one JSON document:
 *   - every collection as `_collections` holds it (name, type, system, the five rules, fields,
 *     indexes, options), by name;
 *   - the SQL of every table, index and view (sqlite_master), by name;
 *   - the rows of every table but `_migrations` (what the migrations insert: settings,
 *     fn_rate_limits, …), sorted.
 * Values made afresh on each run are normalised: record ids to `<id>`, the ids PocketBase gives
 * fields it clones (`_clone_` and four random characters) to `_clone_<id>`, timestamps to
 * `<timestamp>`, the auth collections' token secrets to `<secret>` and 64-character random
 * strings (server_secrets) to `<random>`, so two runs of the same migrations print the same text.
 *
 * What it is for: a migration applied once is never run again on an existing database, so a
 * rewrite of old migrations (docs/decisions/067-frozen-migration-helpers.md) must build a fresh
 * database exactly as before. Dump before the change, dump after, and `diff` the two: empty.
 * Needs the `sqlite3` command-line shell (Debian: `apt-get install sqlite3`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../lib/run.mjs';

const { values } = parseArgs({
  options: {
    migrationsDir: { type: 'string', default: path.join(ROOT, 'pb_migrations') },
    hooksDir: { type: 'string', default: path.join(ROOT, 'pb_hooks') },
    out: { type: 'string' },
    down: { type: 'string' },
  },
});

const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * Runs one query on the database and returns its rows.
 * @param {string} db
 * @param {string} sql
 * @returns {Record<string, unknown>[]}
 */
function query(db, sql) {
  const out = execFileSync('sqlite3', ['-json', '-readonly', db, sql], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.trim() ? JSON.parse(out) : [];
}

/**
 * A value with what changes from run to run replaced by a placeholder; JSON text columns are
 * parsed so that their contents are normalised too.
 * @param {unknown} value
 * @param {string} [key]
 * @returns {unknown}
 */
function normalise(value, key) {
  if (typeof value === 'string') {
    if (key === 'id' && /^[a-z0-9]{15}$/.test(value)) return '<id>';
    if (key === 'secret') return '<secret>';
    if (/^_clone_\w{4}$/.test(value)) return '_clone_<id>';
    if (/^[A-Za-z0-9]{64}$/.test(value)) return '<random>';
    if (TIMESTAMP.test(value)) return '<timestamp>';
    if (/^[[{]/.test(value)) {
      try {
        return normalise(JSON.parse(value), key);
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => normalise(v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  return value;
}

const dir = mkdtempSync(path.join(tmpdir(), 'schema-dump-'));
try {
  execFileSync(path.join(ROOT, 'bin', 'pocketbase'), ['migrate', 'up', '--dir', dir, '--migrationsDir', values.migrationsDir, '--hooksDir', values.hooksDir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (values.down) {
    execFileSync(path.join(ROOT, 'bin', 'pocketbase'), ['migrate', 'down', values.down, '--dir', dir, '--migrationsDir', values.migrationsDir, '--hooksDir', values.hooksDir], {
      input: 'y\n',
      stdio: ['pipe', 'ignore', 'pipe'],
    });
  }
  const db = path.join(dir, 'data.db');
  const collections = query(db, 'select name, type, system, listRule, viewRule, createRule, updateRule, deleteRule, fields, indexes, options from _collections order by name');
  const sql = query(db, "select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by name");
  const tables = sql.filter((t) => t.type === 'table' && t.name !== '_migrations').map((t) => String(t.name));
  /** @type {Record<string, unknown[]>} */
  const rows = {};
  for (const table of tables) {
    const found = query(db, `select * from "${table}"`).map((r) => JSON.stringify(normalise(r)));
    if (found.length) rows[table] = found.sort().map((r) => JSON.parse(r));
  }
  const dump = `${JSON.stringify({ collections: normalise(collections), sql, rows }, null, 2)}\n`;
  if (values.out) writeFileSync(values.out, dump);
  else process.stdout.write(dump);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
