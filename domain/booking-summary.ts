/**
 * What the server shows about a booking to whoever holds its checkout session id (the demo
 * payment page and /booking-success): what was booked and the amounts (cents), never the
 * address or phone. Shared by the hooks that build it and the pages that show it.
 */
import type { PriceLine } from './pricing';

export interface BookingSummary {
  packageTitle: string;
  /** Display label, e.g. "7.5–9 ft". */
  treeSize: string;
  installDate: string;
  installTimeSlot: string;
  removalDate: string | null;
  removalTimeSlot: string | null;
  customerName: string;
  customerEmail: string;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  priceLines: PriceLine[];
  paymentStatus: string;
  status: string;
  holdExpiresAt: string;
}
