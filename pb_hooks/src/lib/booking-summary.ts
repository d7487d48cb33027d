/**
 * The booking details shown to whoever holds a checkout session id (the demo payment page and
 * the success page): what was booked and the amounts, never the address or phone.
 */
import type { BookingSummary } from '@domain/booking-summary';
import { findPackage, TREE_SIZE_INFO, isTreeSize } from '@domain/catalog';
import type { PriceLine } from '@domain/pricing';


export type { BookingSummary };

/** The summary of a booking record. */
export function bookingSummary(r: core.Record): BookingSummary {
  const size = r.getString('tree_size');
  let lines: PriceLine[] = [];
  try {
    lines = JSON.parse(r.getString('price_lines') || '[]') as PriceLine[];
  } catch {
    lines = [];
  }
  return {
    packageTitle: findPackage(r.getString('package_type'))?.title ?? r.getString('package_type'),
    treeSize: isTreeSize(size) ? TREE_SIZE_INFO[size].label : size,
    installDate: r.getString('install_date'),
    installTimeSlot: r.getString('install_time_slot'),
    removalDate: r.getString('removal_date') || null,
    removalTimeSlot: r.getString('removal_time_slot') || null,
    customerName: r.getString('customer_name'),
    customerEmail: r.getString('customer_email'),
    totalCents: r.getInt('total_price'),
    depositCents: r.getInt('deposit_amount'),
    balanceCents: r.getInt('total_price') - r.getInt('deposit_amount'),
    priceLines: lines,
    paymentStatus: r.getString('payment_status'),
    status: r.getString('status'),
    holdExpiresAt: r.getString('hold_expires_at'),
  };
}
