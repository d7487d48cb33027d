import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchingLines, REPO_ROOT as ROOT } from '../support/source-lines';

/**
 * A booking's `balance_remaining` and `payment_status` are the ledger's, written in one place:
 * pb_hooks/src/lib/ledger-records.ts deriveBookingMoney, which the command runner calls
 * after every command and the checkout's own transaction calls for the bookings it writes
 * (docs/decisions/061; docs/architecture.md "The path of a command"). No command, route or job
 * writes them by hand. This reads every source file of pb_hooks/src and domain (tests, fixtures
 * and migrations aside) for the ways a write is spelled.
 */
const FIELDS = '(?:balance_remaining|payment_status)';

/** The spellings of a write of either field: a record's `set`, a property assigned, a change's or a record's fields spelled with it, a figure computed into it. */
const WRITES: [name: string, pattern: RegExp][] = [
  ['a record set', new RegExp(`\\.set\\(\\s*['"]${FIELDS}['"]`)],
  ['a property assigned', new RegExp(`\\.${FIELDS}\\s*=(?!=)`)],
  ['a change or a record spelled with it', new RegExp(`(?:\\bop:|\\bfields\\b|\\.load\\().*\\b${FIELDS}\\s*:`)],
  ['a figure computed into it', new RegExp(`\\b${FIELDS}\\s*:\\s*(?:q\\.|num\\(|\\d|[\\w.]+\\s*[-+]\\s*[\\w.(])`)],
];

/** The one home of the derivation (the runner calls it; see the comment above). */
const HOME = 'pb_hooks/src/lib/ledger-records.ts';

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = `${dir}/${d.name}`;
    if (d.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(d.name) && !/\.(test|fixture)\.ts$/.test(d.name) && !d.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every line of `files` that writes either field, as `path:line: text`, comments aside. */
function writesIn(files: string[]): string[] {
  return matchingLines(
    files,
    WRITES.map(([, p]) => p),
  );
}

describe('balance_remaining and payment_status are derived in one place (docs/decisions/061)', () => {
  const files = [...sources('pb_hooks/src'), ...sources('domain')];

  it('reads the sources it should', () => {
    expect(files).toContain(HOME);
    expect(files).toContain('pb_hooks/src/lib/commands/run-command.ts');
    expect(files.some((f) => f.startsWith('domain/commands/'))).toBe(true);
  });

  it('no command, route or job writes them: only deriveBookingMoney', () => {
    const outside = writesIn(files.filter((f) => f !== HOME));
    console.info(`derived-money: ${outside.length} writes outside ${HOME}`);
    expect(outside).toEqual([]);
  });

  it('deriveBookingMoney writes both', () => {
    const home = writesIn([HOME]);
    console.info(`derived-money: ${home.length} writes in ${HOME}`);
    expect(home).toHaveLength(2);
  });

  it.each([
    ['fields.balance_remaining = left;'],
    ["rec.set('payment_status', 'paid');"],
    ["changes.push({ op: 'update', collection: 'bookings', id, fields: { payment_status: status } });"],
    ['balance_remaining: num(f.total_price) - num(f.deposit_amount),'],
    ['balance_remaining: q.totalCents,'],
    ['const fields: Record<string, FieldValue> = { balance_remaining: left, payment_status: paymentStatus };'],
  ])('sees the write in %s', (line) => {
    expect(WRITES.some(([, p]) => p.test(line))).toBe(true);
  });

  it.each([["payment_status: b.getString('payment_status'),"], ['payment_status: string;'], ["if (b.payment_status === 'paid') return true;"]])('takes %s for a read', (line) => {
    expect(WRITES.some(([, p]) => p.test(line))).toBe(false);
  });
});
