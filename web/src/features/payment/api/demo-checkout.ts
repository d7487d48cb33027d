import { pb } from '@/lib/pb';
import { startEarly, takeEarly } from '@/lib/early-request';
import type { BookingSummary } from './verify-payment';
import type { DemoSessionState } from '@domain/commands/demo-session-state';

export interface DemoSession {
  sessionId: string;
  state: DemoSessionState;
  /** Null a day after the checkout closed (never while the session is open); null for a payment link. */
  booking: BookingSummary | null;
  /** A customer's payment link (the manage page's 'Pay online' or an added removal); absent for the wizard's deposit. */
  charge?: DemoCharge;
}

/** What a demo payment link is for: its title, its amount (cents), and the booking's visits while it is open. */
export interface DemoCharge {
  title: string;
  amountCents: number;
  booking: BookingSummary | null;
}

const readDemoSession = (sessionId: string) => pb.send<DemoSession>('/api/fn/demo-checkout', { method: 'GET', query: { session_id: sessionId } });
const sessionKey = (sessionId: string) => `demo-session:${sessionId}`;

/** GET /api/fn/demo-checkout: the demo checkout session (docs/architecture.md reading 6), the one prefetchDemoSession started when there is one. */
export function fetchDemoSession(sessionId: string): Promise<DemoSession> {
  return takeEarly(sessionKey(sessionId), () => readDemoSession(sessionId));
}

/** Starts reading session `sessionId` ahead of the page (the route module's prefetch, web/src/lib/early-request.ts). */
export function prefetchDemoSession(sessionId: string): void {
  startEarly(sessionKey(sessionId), () => readDemoSession(sessionId));
}

/** POST /api/fn/demo-checkout/pay → the success URL (a payment link: this page again, now paid). */
export function payDemoSession(sessionId: string): Promise<{ url: string }> {
  return pb.send('/api/fn/demo-checkout/pay', { method: 'POST', body: { sessionId } });
}

/** POST /api/fn/demo-checkout/cancel → the cancel URL (a payment link: this page again, closed); the hold is released. */
export function cancelDemoSession(sessionId: string): Promise<{ url: string }> {
  return pb.send('/api/fn/demo-checkout/cancel', { method: 'POST', body: { sessionId } });
}
