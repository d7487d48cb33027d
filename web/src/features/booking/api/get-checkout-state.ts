/**
 * Where the wizard's last checkout stands, from POST /api/fn/verify-booking-payment { sessionId }
 * (docs/product.md §7): 'paid' once the deposit is confirmed, 'open' while the checkout still
 * holds its slots unpaid, 'closed' when it ended unpaid (cancelled, expired, replaced, refunded).
 * A plain `fetch`, not the SDK, because the wizard's first step checks it and stays light.
 * Rejects on a network failure or a 5xx; an unknown session (404) is 'closed'.
 */
export type CheckoutState = 'paid' | 'open' | 'closed';

export async function fetchCheckoutState(sessionId: string): Promise<CheckoutState> {
  const response = await fetch('/api/fn/verify-booking-payment', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sessionId }) });
  if (response.status === 404) return 'closed';
  if (!response.ok) throw new Error(`verify-booking-payment answered ${response.status}`);
  const body = (await response.json()) as { success?: boolean; open?: boolean };
  if (body.success) return 'paid';
  return body.open ? 'open' : 'closed';
}
