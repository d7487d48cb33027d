/**
 * Receipts (docs/product.md §9 Payment; docs/decisions/026): what the customer is told for every
 * money movement on a booking (the deposit, the balance by card or online link, damages, a
 * refund): the amount, how it was paid, the date, the booking reference and what remains due.
 * Pure: the server builds the e-mail around these lines (pb_hooks/src/lib/mail/receipts.ts).
 */
import { businessToday, formatLongDate } from '../schedule/calendar';
import { formatCents } from '../money/cents';

/** What moved: a payment of the deposit, the balance, damages (or both), or a refund to the customer. */
export type ReceiptKind = 'deposit' | 'balance' | 'damages' | 'balance_and_damages' | 'removal' | 'refund' | 'void';

/** One line of what a payment covered: a label, a quantity (null for a lump sum such as the balance) and its amount in cents. */
export interface ReceiptLine {
  label: string;
  quantity: number | null;
  cents: number;
}

export interface Receipt {
  kind: ReceiptKind;
  /** The amount that moved, in cents (positive; for a refund, what went back). */
  amountCents: number;
  /** How: 'Card', 'Online payment link', 'Demo payment (no card charged)', 'Refund to the card used'. */
  method: string;
  /** When it moved, epoch ms (shown as the date in America/New_York). */
  at: number;
  /** The booking's reference (bookingReference). */
  reference: string;
  /** What the booking still owes after this movement, in cents (0: nothing). */
  remainingCents: number;
  /** What the amount covered, itemised (damages by item and quantity); empty for a single sum. */
  lines: ReceiptLine[];
  /** The owner's description of the damages, shown last (damage charges only). */
  description?: string;
}

const TITLES: Record<ReceiptKind, string> = {
  deposit: 'Deposit',
  balance: 'Balance payment',
  damages: 'Damages and incidentals',
  balance_and_damages: 'Balance and damages',
  removal: 'Removal service',
  void: 'Voided payment',
  refund: 'Refund',
};

/**
 * The reference a customer quotes for booking `id` (a PocketBase record id): 'TA-' and its first
 * eight characters in capitals, e.g. 'TA-7K2M9QX4'. The admin finds the booking by it.
 */
export function bookingReference(id: string): string {
  return `TA-${id.slice(0, 8).toUpperCase()}`;
}

/** One refund of a refund receipt: what it gave back (`deposit` or the charge's kind: balance, removal, damages…), its refund id and its cents. */
export interface RefundPart {
  of: string;
  refundId: string;
  amountCents: number;
}

/**
 * The itemised lines of a receipt for the refunds `parts` made together (a cancellation refunds
 * each payment): one line per refund, "Deposit refunded: $875", when there are two or more;
 * none for a single refund, whose heading says it all.
 */
export function refundReceiptLines(parts: readonly RefundPart[]): ReceiptLine[] {
  if (parts.length < 2) return [];
  return parts.map((p) => ({ label: `${(TITLES as Record<string, string>)[p.of] ?? 'Payment'} refunded`, quantity: null, cents: p.amountCents }));
}

/** "Receipt: Deposit of $1,325 (TA-7K2M9QX4)". */
export function receiptSubject(r: Receipt): string {
  return `Receipt: ${TITLES[r.kind]} of ${formatCents(r.amountCents)} (${r.reference})`;
}

/** "2 × Small pieces: $10"; a lump sum ("Balance: $825") shows no quantity. */
function lineText(l: ReceiptLine): string {
  return l.quantity === null ? `${l.label}: ${formatCents(l.cents)}` : `${l.quantity} × ${l.label}: ${formatCents(l.cents)}`;
}

/**
 * The receipt's lines, in order: what moved and its amount, the itemised lines (if any), the
 * method, the date, the reference, and what remains due. The e-mail's plain text joins them
 * with newlines; its HTML shows the same lines.
 */
export function receiptLines(r: Receipt): string[] {
  const heading =
    r.kind === 'refund'
      ? `Refunded: ${formatCents(r.amountCents)}`
      : r.kind === 'void'
        ? `Voided: a payment of ${formatCents(r.amountCents)} was recorded by mistake and no longer counts`
        : `${TITLES[r.kind]} received: ${formatCents(r.amountCents)}`;
  return [
    heading,
    ...r.lines.map(lineText),
    `Method: ${r.method}`,
    `Date: ${formatLongDate(businessToday(new Date(r.at)))}`,
    `Booking reference: ${r.reference}`,
    r.remainingCents > 0
      ? `Remaining due: ${formatCents(r.remainingCents)}`
      : r.kind === 'refund' || r.kind === 'void'
        ? 'Remaining due: nothing'
        : 'Remaining due: nothing, your booking is paid in full',
    // Last, so the amounts read together: the owner's words about the damages.
    ...(r.description ? [`Damage description: ${r.description}`] : []),
  ];
}
