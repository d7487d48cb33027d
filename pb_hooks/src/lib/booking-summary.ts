/**
 * The booking details shown to whoever holds a checkout session id (the demo payment page and
 * the success page): what was booked and the amounts, never the address or phone.
 */
import { findPackage, TREE_SIZE_INFO, isTreeSize } from '@domain/catalog';

export interface BookingSummary {
  packageTitle: string;
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
  priceLines: unknown;
  paymentStatus: string;
  status: string;
  holdExpiresAt: string;
}

export function bookingSummary(r: core.Record): BookingSummary {
  const size = r.getString('tree_size');
  let lines: unknown = [];
  try {
    lines = JSON.parse(r.getString('price_lines') || '[]');
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
