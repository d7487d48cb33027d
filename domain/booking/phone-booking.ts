/**
 * A booking the owner takes by phone (docs/decisions/037): the wizard's request (domain/booking/schemas.ts)
 * and how the 50% deposit is settled, either taken now (cash, check with its number, or other)
 * or by a Checkout link e-mailed to the customer, which holds the slots as long as the link
 * lives. Pure: shared by the admin's form and the server, which decides.
 */
import { parsePaymentMethod, type Parsed, type PaymentMethodDetails } from '../money/recorded-payments';

/** How long a phone booking's slots are held for its deposit link (minutes): inside Stripe's 24-hour limit on a Checkout session. */
export const DEPOSIT_LINK_HOLD_MINUTES = 23 * 60 + 30;

export type PhoneDeposit = { kind: 'link' } | ({ kind: 'recorded' } & PaymentMethodDetails);

export const PHONE_BOOKING_MESSAGES = {
  deposit: 'Please choose how the deposit is paid: cash, check, other, or a payment link by e-mail.',
  offline: 'New bookings need a connection: the slot is checked and held on the server. Please try again when this phone is online.',
} as const;

/** Checks the body's `deposit`: 'link', or { method, checkNumber?, note? } of a payment taken now. Never throws. */
export function parsePhoneDeposit(value: unknown): Parsed<PhoneDeposit> {
  if (value === 'link') return { ok: true, value: { kind: 'link' } };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: PHONE_BOOKING_MESSAGES.deposit };
  const how = parsePaymentMethod(value as Record<string, unknown>);
  return how.ok ? { ok: true, value: { kind: 'recorded', ...how.value } } : how;
}
