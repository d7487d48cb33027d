import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The statuses of waitlist entries and offers, charges, consultations and mail_log rows are
 * spelt only in their modules (docs/architecture.md "One typed booking"): queries and commands
 * name them (`OfferStatus.Open`, `ChargeStatus.Succeeded`, …). This runs the house count
 * (scripts/dev/house-counts.sh) and expects none of those collections' status literals left in
 * domain/, pb_hooks/src and web/src, so a new `status === 'open'` or `"status = 'queued'"` fails
 * the suite with its line.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const COLLECTIONS = ['waitlist', 'charges', 'consultations', 'mail_log'] as const;

function houseCount(): string {
  return execFileSync('bash', [path.join(ROOT, 'scripts/dev/house-counts.sh'), '--list'], { encoding: 'utf8' });
}

/** The lines the count listed for `collection` (between its `--- <collection> literals` heading and the next heading). */
function listed(out: string, collection: string): string[] {
  const lines = out.split('\n');
  const start = lines.indexOf(`--- ${collection} literals`);
  if (start < 0) throw new Error(`house-counts.sh printed no list for ${collection}`);
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => l.startsWith('--- '));
  return (end < 0 ? rest : rest.slice(0, end)).filter(Boolean);
}

describe('status literals outside their modules (scripts/dev/house-counts.sh)', () => {
  const out = houseCount();

  it.each(COLLECTIONS)('%s: none left', (collection) => {
    expect(out).toMatch(new RegExp(`^${collection} status literals outside its module: \\d+$`, 'm'));
    expect(listed(out, collection)).toEqual([]);
  });
});
