/**
 * How a paid deposit settled (domain/commands/settle-deposit-command.ts, the demo checkout's
 * pay and pb_hooks/src/lib/payments/settle-payment.ts): `confirmed` the booking kept its slot,
 * `conflict` it could not and the payment is refunded (docs/decisions/010). `confirmed` shares
 * a booking status's spelling, so the outcomes are spelt here only (docs/architecture.md "One
 * typed booking").
 */
export const SettleOutcome = {
  Confirmed: 'confirmed',
  Conflict: 'conflict',
} as const;
export type SettleOutcome = (typeof SettleOutcome)[keyof typeof SettleOutcome];
