import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchingLines, readSource, REPO_ROOT as ROOT } from '../support/source-lines';

/**
 * Every status change a command makes goes through its collection's transition or names its
 * module's constant (docs/architecture.md "One typed booking"): a booking's `transition`
 * (domain/booking/lifecycle.ts), a consultation's `nextConsultationStatus`, a waitlist entry's
 * and offer's `waitlistTransition` (domain/waitlist/waitlist-status.ts), a charge's
 * `chargeTransition` and `RefundStatus` (domain/money/charge-lifecycle.ts). This reads every
 * command of domain/commands/ (tests and fixtures aside) for a status field (`status`,
 * `refund_status`, `deposit_refund`) written with a string literal: in a change's fields or a
 * row (`status: 'x'`), assigned (`.status = 'x'`) or set (`set('status', 'x')`).
 */
const COMMANDS = 'domain/commands';
const FIELD = '(?:status|refund_status|deposit_refund)';

const LITERAL_WRITES: [name: string, pattern: RegExp][] = [
  ['a field spelled with a literal', new RegExp(`(?:^|[^_\\w])${FIELD}\\s*:\\s*['"\`]`)],
  ['a property assigned a literal', new RegExp(`\\.${FIELD}\\s*=(?!=)\\s*['"\`]`)],
  ['a record set to a literal', new RegExp(`\\.set\\(\\s*['"]${FIELD}['"]\\s*,\\s*['"\`]`)],
];

/** The transition (or constants) each collection's status writes ask, and the commands that must call it. */
const TRANSITIONS: [collection: string, asks: RegExp][] = [
  ['waitlist_entries', /\bwaitlistTransition\(|\bEntryStatus\.\w+/],
  ['waitlist_offers', /\bwaitlistTransition\(|\bOfferStatus\.\w+/],
  ['charges', /\bchargeTransition\(|\bChargeStatus\.\w+|\bRefundStatus\.\w+/],
  ['consultation_requests', /\bnextConsultationStatus\(|\bConsultationStatus\.\w+/],
];

function commandFiles(): string[] {
  return readdirSync(path.join(ROOT, COMMANDS))
    .filter((f) => f.endsWith('.ts') && !/\.(test|fixture|type-test)\.ts$/.test(f))
    .map((f) => `${COMMANDS}/${f}`);
}

/** Every line of `files` that writes a status field with a string literal, as `path:line: text`, comments aside. */
function literalStatusWrites(files: readonly string[], read?: (file: string) => string): string[] {
  return matchingLines(
    files,
    LITERAL_WRITES.map(([, p]) => p),
    read,
  );
}

describe('every status change of a command goes through its transition (docs/architecture.md "One typed booking")', () => {
  const files = commandFiles();

  it('reads the commands it should', () => {
    expect(files).toContain('domain/commands/waitlist-expire-command.ts');
    expect(files).toContain('domain/commands/recorded-payment-command.ts');
    expect(files).toContain('domain/commands/consultation-status-command.ts');
  });

  it('catches each spelling of a literal write (the rule can fail)', () => {
    const sample = ["fields: { status: 'expired' } },", "fresh.deposit_refund = 'pending';", "rec.set('status', 'failed');", 'fields: { status: t.entry } },'].join('\n');
    expect(literalStatusWrites(['sample.ts'], () => sample).map((l) => l.split(':')[1])).toEqual(['1', '2', '3']);
  });

  it('no command writes a status field with a string literal', () => {
    expect(literalStatusWrites(files)).toEqual([]);
  });

  it.each(TRANSITIONS)('a command that writes %s asks its transition or names its constants', (collection, asks) => {
    const writers = files.filter((f) => {
      const code = readSource(f);
      return new RegExp(`collection: '${collection}'[^}]*\\bfields: \\{[^}]*\\b(status|refund_status)\\b`).test(code.replace(/\n\s*/g, ' '));
    });
    expect(writers.length).toBeGreaterThan(0);
    const without = writers.filter((f) => !asks.test(readSource(f)));
    expect(without).toEqual([]);
  });
});
