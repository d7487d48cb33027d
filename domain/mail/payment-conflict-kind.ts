/**
 * The `mail_log.kind` and outbox key prefix of the e-mails about a payment that could not own
 * its slot (pb_hooks/src/lib/mail/payment-conflict.ts, docs/decisions/010): the customer's and
 * the business's notice. The customer's shares the spelling of the booking status
 * `payment_conflict`, so it is spelt here only (docs/architecture.md "One typed booking").
 */
export const PaymentConflictMailKind = {
  Customer: 'payment_conflict',
  Notice: 'payment_conflict_notice',
} as const;
export type PaymentConflictMailKind = (typeof PaymentConflictMailKind)[keyof typeof PaymentConflictMailKind];
