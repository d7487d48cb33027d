/**
 * The numbers of the service policies (docs/product.md §9 Payment, Schedule) that are not prices,
 * shown on the Policies and FAQ pages. Prices live in catalog.ts, travel in travel.ts and
 * damages in damages.ts.
 */
import { POLICY } from './policy';

/** The crew arrives within one flexible hour of the slot's start. */
export const ARRIVAL_WINDOW_HOURS = 1;
/** A booking can be rescheduled or cancelled within 72 hours of booking (the policy table's cooling-off window). */
export const CHANGE_WINDOW_HOURS = POLICY.coolingOffHours;
/** The inventory check after takedown happens within 48 hours. */
export const INVENTORY_CHECK_HOURS = 48;
/** Ways the balance can be paid on install day. */
export const BALANCE_PAYMENT_METHODS = ['cash', 'check', 'card on site', 'an online payment link'] as const;
