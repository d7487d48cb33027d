/**
 * Where a demo checkout session or demo payment link stands (docs/architecture.md reading 6;
 * domain/commands/demo-checkout-command.ts): open until its hold ends, paid, expired, or
 * cancelled on its page. `cancelled` shares a booking status's spelling, so the states are
 * spelt here only, for the server and the demo page alike (docs/architecture.md "One typed
 * booking").
 */
export const DemoSessionState = {
  Open: 'open',
  Paid: 'paid',
  Expired: 'expired',
  Cancelled: 'cancelled',
} as const;
export type DemoSessionState = (typeof DemoSessionState)[keyof typeof DemoSessionState];
