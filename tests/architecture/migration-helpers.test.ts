/**
 * The migrations' helper modules are frozen once released (docs/decisions/067-frozen-migration-helpers.md):
 * PocketBase runs each migration once per database, so an edit to pb_migrations/helpers/<name>-vN.js
 * would change how the old migrations that require it build a fresh database while existing
 * databases keep what the old text made. Each version's SHA-256 is pinned here; a change needs a
 * new version (<name>-vN+1.js, pinned beside the others) that only new migrations require.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MIGRATIONS = fileURLToPath(new URL('../../pb_migrations', import.meta.url));
const HELPERS = join(MIGRATIONS, 'helpers');

/** The SHA-256 (hex, of the text with LF line ends) of every released helper version. */
const PINNED: Record<string, string> = { 'collections-v1.js': '2a9704bf8d37d1bb40397c0a74411fcecb392fb6284f05c4a680633a1f44e94e' };

/** The SHA-256 of a file's text, line ends made LF so a checkout's CRLF does not count. */
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path, 'utf8').replace(/\r\n/g, '\n')).digest('hex');

/** The sentence that names the version to add instead of editing `file` (collections-v1.js → collections-v2.js). */
export function frozenMessage(file: string): string {
  const next = file.replace(/-v(\d+)\.js$/, (_, n: string) => `-v${Number(n) + 1}.js`);
  return `A migration helper is frozen once released: add ${next} and use it in new migrations.`;
}

describe('pb_migrations/helpers', () => {
  const files = readdirSync(HELPERS);

  it('holds only versioned modules (<name>-vN.js)', () => {
    expect(files.filter((f) => !/^[a-z-]+-v\d+\.js$/.test(f))).toEqual([]);
  });

  it('keeps every released version as it was released', () => {
    for (const file of files) {
      expect(PINNED[file], `${file} has no pinned SHA-256: pin it here in its first commit`).toBeDefined();
      expect(sha256(join(HELPERS, file)), frozenMessage(file)).toBe(PINNED[file]);
    }
  });

  it('still has every pinned version (an old migration may require it)', () => {
    expect(Object.keys(PINNED).filter((f) => !files.includes(f))).toEqual([]);
  });

  it('is what the migrations require, by a path that exists', () => {
    const required = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.js'))
      .flatMap((f) => [...readFileSync(join(MIGRATIONS, f), 'utf8').matchAll(/require\(`\$\{__hooks\}\/\.\.\/pb_migrations\/(helpers\/[\w.-]+)`\)/g)].map((m) => m[1]!));
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((r) => !existsSync(join(MIGRATIONS, r)))).toEqual([]);
  });

  it('names the version to add instead of an edit', () => {
    expect(frozenMessage('collections-v1.js')).toBe('A migration helper is frozen once released: add collections-v2.js and use it in new migrations.');
  });
});
