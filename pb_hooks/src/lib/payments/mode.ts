/**
 * Payment mode (docs/architecture.md reading 6): Stripe when STRIPE_SECRET_KEY is set, otherwise demo
 * payments, a local page that charges no card. Demo mode is refused whenever a key is set.
 */
export type PaymentMode = 'demo' | 'stripe';

export function paymentMode(): PaymentMode {
  return $os.getenv('STRIPE_SECRET_KEY') ? 'stripe' : 'demo';
}

/** Throws 403 unless the server runs in demo-payments mode. */
export function requireDemoMode(): void {
  if (paymentMode() !== 'demo') throw new ForbiddenError('Demo payments are disabled on this server.');
}

/** A new demo checkout session id (`demo_cs_` and 24 random characters: domain/commands/demo-checkout-command.ts parseDemoSession). */
export function newDemoSessionId(): string {
  return `demo_cs_${$security.randomString(24)}`;
}

/** The demo payment page of session `sessionId` at `origin` (web/src/app/routes/demo-payment.tsx). */
export function demoPaymentUrl(origin: string, sessionId: string): string {
  return `${origin}/demo-payment?session_id=${encodeURIComponent(sessionId)}`;
}
