/**
 * The booking wizard's transitions of its later steps (docs/product.md §3 Booking form state, §4
 * Booking wizard): add-ons, the Luxe Finish, keep-ornaments, removal, dates, a returning
 * customer's prefill and the checkout's request, and the 'Missing information' that blocks Continue. Pure functions over wizard-state.ts's state;
 * a module of their own, so /booking's first step loads without them (docs/architecture.md
 * "What a page loads").
 */
import { ADDONS, findPackage, type AddonId, type TreeSize } from '@domain/catalog';
import { keepOrnamentsEligible, removalApplies, removalIsOptional, type AddonQuantities } from '@domain/money/option-rules';
import type { BookingRequestInput } from '@domain/booking/schemas';
import type { BookAgainPrefill } from '@domain/customers/book-again';
import { MESSAGES } from '@domain/messages';
import { settle, type Step, type WizardState } from './wizard-state';

/**
 * `s` with a returning customer's contact and last booking's choices (domain/customers/book-again.ts):
 * the owner's 'Book again' and the renewal link fill the wizard the same way. A package or size
 * the prefill lacks keeps the wizard's own.
 */
export function withPrefill(s: WizardState, p: BookAgainPrefill): WizardState {
  return {
    ...s,
    contact: { ...s.contact, name: p.name, email: p.email, phone: p.phone, address: p.address },
    packageSlug: p.packageSlug ?? s.packageSlug,
    treeSize: p.treeSize ?? s.treeSize,
    addons: { ...s.addons, ...p.addons },
    luxeFinish: p.luxeFinish,
    removalRequested: p.removalRequested,
    extraTree: p.extraTree,
    keepOrnaments: p.keepOrnaments,
  };
}

/**
 * Toggles an add-on. For Adorned Arrangement, any add-on other than gift-wrap switches the
 * removal option on (docs/product.md §4). With the Luxe Finish, the add-ons it includes cannot be chosen.
 */
export function toggleAddon(s: WizardState, id: AddonId, quantity = 1): WizardState {
  if (s.luxeFinish && ADDONS[id].clearedByLuxe) return s;
  const addons = { ...s.addons };
  let removalRequested = s.removalRequested;
  if (addons[id] !== undefined) {
    delete addons[id];
  } else {
    addons[id] = quantity;
    if (s.packageSlug && !findPackage(s.packageSlug)?.includesRemoval && id !== 'gift-wrap' && !s.keepOrnaments) removalRequested = true;
  }
  return settle({ ...s, addons, removalRequested });
}

/** Sets the quantity (letters or items) of a chosen add-on; at least 1, whole numbers. */
export function setAddonQuantity(s: WizardState, id: AddonId, quantity: number): WizardState {
  if (s.addons[id] === undefined) return s;
  const q = Number.isFinite(quantity) ? Math.max(1, Math.min(50, Math.floor(quantity))) : 1;
  return { ...s, addons: { ...s.addons, [id]: q } };
}

/** The Luxe Finish clears the à-la-carte add-ons it includes (docs/product.md §4). */
export function setLuxeFinish(s: WizardState, on: boolean): WizardState {
  if (!on) return settle({ ...s, luxeFinish: false });
  const addons: AddonQuantities = {};
  for (const [id, q] of Object.entries(s.addons) as [AddonId, number][]) if (!ADDONS[id].clearedByLuxe) addons[id] = q;
  const adorned = s.packageSlug ? !findPackage(s.packageSlug)?.includesRemoval : false;
  return settle({ ...s, luxeFinish: true, addons, removalRequested: adorned && !s.keepOrnaments ? true : s.removalRequested });
}

/** Ticking or unticking optional removal; unticking clears the removal date and slot. */
export function setRemovalRequested(s: WizardState, on: boolean): WizardState {
  return settle({ ...s, removalRequested: on });
}

/** Keep-ornaments makes removal optional and off until ticked again. */
export function setKeepOrnaments(s: WizardState, on: boolean): WizardState {
  if (on && (!s.packageSlug || !keepOrnamentsEligible(s.packageSlug, s.addons, s.luxeFinish))) return s;
  return settle({ ...s, keepOrnaments: on, luxeKeepOrnaments: on ? s.luxeKeepOrnaments : 0, removalRequested: on ? false : s.removalRequested });
}

export function setInstallDate(s: WizardState, date: string | null): WizardState {
  return date === s.installDate ? s : { ...s, installDate: date, installTimeSlot: null };
}

export function setRemovalDate(s: WizardState, date: string | null): WizardState {
  return date === s.removalDate ? s : { ...s, removalDate: date, removalTimeSlot: null };
}

/** Whether removal is the customer's choice (shows the tick) for the chosen package. */
export function removalOptional(s: WizardState): boolean {
  return !!s.packageSlug && removalIsOptional(s.packageSlug, s.keepOrnaments);
}

/**
 * The `bookingData` sent to create-booking-checkout (docs/product.md §3 Booking payload). The removal
 * flag is always sent, true or false, so the server never has to infer it from the removal fields.
 */
export function toBookingRequest(
  s: WizardState,
  totals: { totalCents: number; depositCents: number; travelFeeCents: number; ornamentOwnershipCents: number },
): BookingRequestInput & { removalService: boolean } {
  const wanted = removalWanted(s);
  return {
    customerName: s.contact.name,
    customerEmail: s.contact.email,
    customerPhone: s.contact.phone,
    customerAddress: s.contact.address,
    packageType: s.packageSlug ?? '',
    treeSize: (s.treeSize ?? '') as TreeSize,
    installDate: s.installDate ?? '',
    installTimeSlot: s.installTimeSlot ?? '',
    removalDate: wanted ? s.removalDate : null,
    removalTimeSlot: wanted ? s.removalTimeSlot : null,
    notes: s.contact.notes,
    parkingInstructions: s.contact.parkingInstructions,
    styleColorPalette: s.design.colorPalette,
    styleTheme: s.design.styleTheme,
    styleTopper: s.design.topper,
    styleSpecialRequests: s.design.specialRequests,
    styleInspirationImages: s.design.inspirationImages,
    selectedAddons: Object.keys(s.addons) as AddonId[],
    addonQuantities: s.addons,
    luxeFinish: s.luxeFinish,
    keepOrnaments: s.keepOrnaments,
    luxeKeepOrnaments: s.luxeKeepOrnaments,
    removalService: s.removalRequested,
    extraTree: s.extraTree,
    // Sent for the record as docs/product.md's payload has them; the server recomputes every amount.
    ...({ totalPrice: totals.totalCents, depositAmount: totals.depositCents, travelFee: totals.travelFeeCents, ornamentOwnershipCost: totals.ornamentOwnershipCents } as object),
  };
}

/** Whether a removal visit must be scheduled. */
export function removalWanted(s: WizardState): boolean {
  return !!s.packageSlug && removalApplies({ packageSlug: s.packageSlug, keepOrnaments: s.keepOrnaments, removalRequested: s.removalRequested });
}

/**
 * The 'Missing information' message that blocks Continue from `step`, or null (docs/product.md §2, §5).
 */
export function missingInformation(s: WizardState, step: Step): string | null {
  if (step === 1 && (!s.packageSlug || !s.treeSize)) return MESSAGES.selectPackageAndSize;
  if (step === 4) {
    if (!s.installDate || !s.installTimeSlot) return MESSAGES.selectInstall;
    if (removalWanted(s) && (!s.removalDate || !s.removalTimeSlot)) return MESSAGES.selectRemoval;
  }
  return null;
}
