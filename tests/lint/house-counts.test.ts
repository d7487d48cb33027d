import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/architecture.md "One typed booking": the house counts of scripts/dev/house-counts.sh
 * stay at 0. A status is spelt only in its lifecycle module; a booking projection is a
 * Pick<BookingRow, …> (or BookingFields<…>), never a type spelling a row's field again; the
 * server reads a booking's fields through bookingRowOf, bookingFieldsOf or bookingField
 * (pb_hooks/src/lib/booking-row.ts), never by hand; and so for charges, consultations and the
 * waitlist (ChargeRow, ConsultationRow, WaitlistEntryRow, WaitlistOfferRow and their mappers
 * beside booking-row.ts). The script is the one definition of each
 * count: this runs it on the product, and on a folder of its own to show what it catches.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(ROOT, 'scripts/dev/house-counts.sh');

/** The script's counts, by their line's words, over `env`'s folders (the product's by default). */
function counts(env: Record<string, string> = {}): { output: string; count: (label: string) => number } {
  const output = execFileSync('bash', [SCRIPT, '--list'], { encoding: 'utf8', env: { ...process.env, ...env } });
  const count = (label: string) => {
    const line = output.split('\n').find((l) => l.startsWith(`${label}: `));
    if (!line) throw new Error(`house-counts.sh printed no "${label}" count:\n${output}`);
    return Number(line.slice(label.length + 2));
  };
  return { output, count };
}

const LABELS = {
  literals: 'status literals outside the lifecycle modules',
  stringFields: 'status fields typed string',
  projections: 'booking projections not derived from BookingRow',
  mappings: 'hand mappings of booking fields outside bookingRowOf',
  chargeProjections: 'charge projections not derived from ChargeRow',
  chargeMappings: 'hand mappings of charge fields outside chargeRowOf',
  consultationProjections: 'consultation projections not derived from ConsultationRow',
  consultationMappings: 'hand mappings of consultation fields outside consultationRowOf',
  waitlistProjections: 'waitlist projections not derived from WaitlistEntryRow or WaitlistOfferRow',
  waitlistMappings: 'hand mappings of waitlist fields outside the waitlist mappers',
} as const;

/** A temporary folder (removed after the file's tests) and how to write a file into it. */
function folderOfItsOwn(): { dir: string; write: (rel: string, text: string) => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'house-counts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  return { dir, write };
}

describe('the house counts of "One typed booking" (scripts/dev/house-counts.sh)', () => {
  it('are all 0 on the product: no status literal, no hand-written projection of a booking, charge, consultation or waitlist row, no hand mapping of their fields', () => {
    const { output, count } = counts();
    for (const label of Object.values(LABELS)) expect(count(label), output).toBe(0);
  });

  describe('catch what they count, on a folder of their own', () => {
    const { dir, write } = folderOfItsOwn();
    write(
      'domain/stray.ts',
      [
        "import type { BookingRow } from './booking/booking-row';",
        '/** Spelt again: counted. */',
        'export interface StrayBooking {',
        '  id: string;',
        '  install_date: string;',
        '}',
        '/** A status re-spelt under another name: counted. */',
        'export type RenamedBooking = { paymentStatus: PaymentStatus };',
        '/** Derived from the row, with a field of its own: not counted. */',
        "export type PickedBooking = Pick<BookingRow, 'id' | 'status'> & { createdAtMs: number };",
        "export const kind = { kind: 'cancelled' };",
        '/** A command state whose booking is typed inline: counted. */',
        'export interface StrayState {',
        '  booking: { id: string; status: BookingStatus; createdAtMs: number } | null;',
        '}',
        '/** An object literal of the same shape: not counted. */',
        'export const state = {',
        '  booking: {',
        '    status: BookingStatus.Confirmed,',
        '    install_date: day,',
        '  },',
        '};',
      ].join('\n'),
    );
    write(
      'hooks/lib/stray-route.ts',
      [
        "const date = r.getString('install_date');",
        "const addons = jsonObjects(r, 'selected_addons');",
        "const name = r.getString('customer_name'); // another collection's field too: not counted",
        "const slot = bookingField(r, 'install_time_slot');",
      ].join('\n'),
    );
    const { output, count } = counts({ HOUSE_COUNT_DIRS: `${dir}/domain`, HOUSE_COUNT_HOOKS: `${dir}/hooks` });

    it('a type or an inline booking member spelling a row field or a booking status again, not one taking them with Pick, nor an object literal', () => {
      expect(count(LABELS.projections), output).toBe(3);
      expect(output).toContain('StrayBooking');
      expect(output).toContain('RenamedBooking');
      expect(output).toContain('stray.ts:14: booking (a member typed inline)');
      expect(output).not.toContain('PickedBooking');
    });

    it("a record's booking-only field read by hand, not one other collections share nor one read through the mapper", () => {
      expect(count(LABELS.mappings), output).toBe(2);
    });

    it('a status value quoted alone', () => {
      expect(count(LABELS.literals), output).toBe(1);
    });
  });

  describe('catch projections and hand mappings of charges, consultations and the waitlist, on a folder of their own', () => {
    const { dir, write } = folderOfItsOwn();
    write(
      'domain/stray-rows.ts',
      [
        "import type { ChargeRow } from './money/charge-row';",
        '/** A charge field spelt again: counted. */',
        'export interface StrayCharge {',
        '  id: string;',
        '  stripe_checkout_session_id: string;',
        '}',
        '/** Derived from the row, with a field of its own: not counted. */',
        "export type PickedCharge = Pick<ChargeRow, 'id' | 'status'> & { paidAtMs: number };",
        '/** A consultation status re-spelt: counted. */',
        'export type StrayConsultation = { id: string; status: ConsultationStatus };',
        '/** An offer status re-spelt: counted. */',
        'export type StrayOffer = { id: string; status: OfferStatus };',
        '/** A command state whose entry is typed inline with a row field: counted. */',
        'export interface StrayState {',
        '  entry: { id: string; joined_at: number; place: number } | null;',
        '}',
        '/** A view of its own, in the domain words: not counted. */',
        'export interface ChargeView {',
        '  amountCents: number;',
        '}',
      ].join('\n'),
    );
    write(
      'hooks/lib/stray-rows.ts',
      [
        "const amount = c.getInt('balance_amount');",
        "const day = r.getString('consultation_date');",
        "const slot = o.getString('time_slot');",
        "const until = o.getString('expires_at'); // the link collections have it too: not counted",
        "const kind = chargeField(c, 'kind');",
      ].join('\n'),
    );
    const { output, count } = counts({ HOUSE_COUNT_DIRS: `${dir}/domain`, HOUSE_COUNT_HOOKS: `${dir}/hooks` });

    it('a type spelling a row field of two words or a status again, or a member typed inline with one; not a Pick, nor a view of its own', () => {
      expect(count(LABELS.chargeProjections), output).toBe(1);
      expect(count(LABELS.consultationProjections), output).toBe(1);
      expect(count(LABELS.waitlistProjections), output).toBe(2);
      expect(output).toContain('StrayCharge');
      expect(output).toContain('stray-rows.ts:15: entry (a member typed inline)');
      expect(output).not.toContain('PickedCharge');
      expect(output).not.toContain('ChargeView');
    });

    it("a record's field only that collection has read by hand, not a shared one nor one read through the mapper", () => {
      expect(count(LABELS.chargeMappings), output).toBe(1);
      expect(count(LABELS.consultationMappings), output).toBe(1);
      expect(count(LABELS.waitlistMappings), output).toBe(1);
      expect(count(LABELS.mappings), output).toBe(0);
    });
  });
});
