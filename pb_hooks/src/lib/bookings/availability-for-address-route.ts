/**
 * GET /api/fn/availability-for-address?date=…&size=…&kind=…[&installDate=…][&package=…]&zip=12345:
 * the availability answer (availability-route.ts) with the travel buffer for the customer's ZIP
 * (domain/schedule/travel-buffer.ts), asked by the wizard once the address is typed. In lib/app.ts,
 * with the ZIP-code table the calendar's small bundle leaves out (docs/decisions/018).
 */
import { availabilityAnswer } from './availability-route';
import { centroid } from './distance';

export function availabilityForAddressRoute(e: core.RequestEvent): void {
  return availabilityAnswer(e, centroid);
}
