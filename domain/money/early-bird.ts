/**
 * The season's early-bird price cut (docs/architecture.md reading 3; docs/decisions/055, 059),
 * as the pricing applies it (domain/money/pricing.ts). Set on a season record
 * (domain/schedule/seasons.ts, which re-exports these). Pure; amounts in cents, dates
 * YYYY-MM-DD in America/New_York.
 */
import type { Ymd } from '../schedule/calendar';

/** An early-bird price cut: a percent (1–50) or an amount in cents, until a date (inclusive). */
export interface EarlyBird {
  kind: 'percent' | 'amount';
  value: number;
  until: Ymd;
}

/**
 * The early-bird cut (cents, ≥ 0) of `subtotalCents` on `today`: a percent of it rounded to
 * the cent, or the amount, never more than half the subtotal (what the caps allow; a record
 * stored before the amount's cap still leaves a price to pay, docs/decisions/059); 0 without a
 * cut or after its "Early-bird price until" date. The caller passes the total without the
 * travel fee: the cut is on the work, not the drive.
 */
export function earlyBirdCutCents(subtotalCents: number, earlyBird: EarlyBird | null, today: Ymd): number {
  if (!earlyBird || subtotalCents <= 0 || today > earlyBird.until) return 0;
  const cut = earlyBird.kind === 'percent' ? Math.round((subtotalCents * earlyBird.value) / 100) : earlyBird.value;
  return Math.max(0, Math.min(Math.ceil(subtotalCents / 2), cut));
}
