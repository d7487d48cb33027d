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
