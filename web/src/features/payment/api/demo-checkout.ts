import { pb } from '@/lib/pb';
import type { BookingSummary } from './verify-payment';

export interface DemoSession {
  sessionId: string;
  state: 'open' | 'paid' | 'expired' | 'cancelled';
  /** Null a day after the checkout closed (never while the session is open). */
  booking: BookingSummary | null;
}

/** GET /api/fn/demo-checkout: the demo checkout session (docs/architecture.md reading 6). */
export function fetchDemoSession(sessionId: string): Promise<DemoSession> {
  return pb.send<DemoSession>('/api/fn/demo-checkout', { method: 'GET', query: { session_id: sessionId } });
}

/** POST /api/fn/demo-checkout/pay → the success URL. */
export function payDemoSession(sessionId: string): Promise<{ url: string }> {
  return pb.send('/api/fn/demo-checkout/pay', { method: 'POST', body: { sessionId } });
}

/** POST /api/fn/demo-checkout/cancel → the cancel URL; the hold is released. */
export function cancelDemoSession(sessionId: string): Promise<{ url: string }> {
  return pb.send('/api/fn/demo-checkout/cancel', { method: 'POST', body: { sessionId } });
}
