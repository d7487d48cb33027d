/**
 * For the commands' table tests: the `balance_remaining` and `payment_status` the runner stores
 * once a decision's changes are written (docs/decisions/061; pb_hooks/src/lib/payments/
 * ledger-records.ts deriveBookingMoney): the booking's row and its charges' rows with the
 * changes' fields applied (a charge created is added), read by domain/money/booking-money.ts
 * derivedMoneyOf. The commands no longer write the two fields, so their tests assert them here.
 */
import { derivedMoneyOf, type LooseRow } from '../../domain/money/booking-money';
import type { Change } from '../../domain/commands/command';

type Row = Record<string, unknown>;

/** The derived money of `booking` with `charges` once `changes` are applied (the changes to other bookings aside). */
export function derivedAfter(booking: LooseRow, charges: readonly LooseRow[], changes: readonly Change[]): ReturnType<typeof derivedMoneyOf> {
  let b: Row = { ...(booking as Row) };
  const cs: Row[] = charges.map((c) => ({ ...(c as Row) }));
  for (const c of changes) {
    if (c.collection === 'bookings' && (!b.id || !c.id || c.id === b.id)) b = { ...b, ...c.fields };
    if (c.collection !== 'charges') continue;
    const i = cs.findIndex((x) => x.id === c.id);
    if (i >= 0) cs[i] = { ...cs[i], ...c.fields };
    else if (c.op === 'create') cs.push({ id: c.id, ...c.fields });
  }
  return derivedMoneyOf(b, cs);
}
