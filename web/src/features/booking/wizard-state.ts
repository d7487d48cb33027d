/**
 * The booking wizard's state and its transitions (docs/product.md §3 Booking form state, §4 Booking
 * wizard). Pure functions: the zustand store applies them, tests check them.
 */
import type { CheckoutAttempt } from './checkout-attempt';
import { ADDONS, findPackage, type AddonId, type PackageSlug, type TreeSize } from '@domain/catalog';
import { MESSAGES } from '@domain/messages';
import { keepOrnamentsEligible, removalApplies, removalIsOptional, type AddonQuantities } from '@domain/money/option-rules';
import type { BookingChoices } from '@domain/money/pricing';
import type { BookingRequestInput } from '@domain/booking/schemas';
import type { BookAgainPrefill } from '@domain/customers/book-again';

export type Step = 1 | 2 | 3 | 4 | 5;

/** The id of the one toast naming what the current step still needs: replaced by the next, dismissed once fixed. */
export const WIZARD_PROBLEM_TOAST = 'wizard-problem';
export const STEP_TITLES: Record<Step, string> = {
  1: 'Choose Package & Size',
  2: 'Upgrades',
  3: 'Style Preferences',
  4: 'Schedule',
  5: 'Checkout',
};

export interface DesignPreferences {
  colorPalette: string;
  styleTheme: string;
  topper: string;
  specialRequests: string;
  inspirationImages: string[];
}

export interface ContactDetails {
  name: string;
  email: string;
  phone: string;
  address: string;
  notes: string;
  parkingInstructions: string;
}

/**
 * The wizard's state: the priced choices under their domain names (domain/money/pricing.ts
 * BookingChoices, with the package and size still open), the visits, the design and contact
 * steps, and the checkout attempt.
 */
export interface WizardState extends Omit<BookingChoices, 'packageSlug' | 'treeSize'> {
  step: Step;
  packageSlug: PackageSlug | null;
  treeSize: TreeSize | null;
  installDate: string | null;
  installTimeSlot: string | null;
  removalDate: string | null;
  removalTimeSlot: string | null;
  design: DesignPreferences;
  contact: ContactDetails;
  /** The sentence the distance lookup refused the address with (outside the service area, no findable ZIP), or null. */
  addressRefusal: string | null;
  /** The checkout attempt in flight or whose answer was lost (checkout-attempt.ts). */
  checkoutAttempt: CheckoutAttempt | null;
  /**
   * The checkout this wizard opened last, until it is known to be paid (the wizard then starts
   * fresh) or closed unpaid: coming back offers to continue to it instead of paying twice.
   */
  openCheckout: { url: string; sessionId: string } | null;
  /** The waitlist offer 'Book it' came from (waitlist-prefill.ts): its token is sent with the checkout of its held time. */
  waitlistOffer: HeldOffer | null;
}

/** A waitlist offer's held time: its token, date (YYYY-MM-DD), visit kind, slot id and tree size. */
export interface HeldOffer {
  token: string;
  date: string;
  kind: 'install' | 'removal';
  timeSlot: string;
  size: string;
}

export const initialWizardState: WizardState = {
  step: 1,
  packageSlug: null,
  treeSize: null,
  addons: {},
  luxeFinish: false,
  removalRequested: false,
  extraTree: false,
  keepOrnaments: false,
  luxeKeepOrnaments: 0,
  installDate: null,
  installTimeSlot: null,
  removalDate: null,
  removalTimeSlot: null,
  design: { colorPalette: '', styleTheme: '', topper: '', specialRequests: '', inspirationImages: [] },
  contact: { name: '', email: '', phone: '', address: '', notes: '', parkingInstructions: '' },
  distanceMiles: null,
  addressRefusal: null,
  checkoutAttempt: null,
  openCheckout: null,
  waitlistOffer: null,
};

/** Keeps keep-ornaments only while it is still allowed. */
function withKeepRule(s: WizardState): WizardState {
  if (!s.keepOrnaments || !s.packageSlug) return s;
  return keepOrnamentsEligible(s.packageSlug, s.addons, s.luxeFinish) ? s : { ...s, keepOrnaments: false, luxeKeepOrnaments: 0 };
}

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

/** Clears the removal visit when removal no longer applies. */
function withRemovalRule(s: WizardState): WizardState {
  if (!s.packageSlug || removalApplies({ packageSlug: s.packageSlug, keepOrnaments: s.keepOrnaments, removalRequested: s.removalRequested })) return s;
  return { ...s, removalDate: null, removalTimeSlot: null };
}

const settle = (s: WizardState) => withRemovalRule(withKeepRule(s));

export function choosePackage(s: WizardState, slug: PackageSlug): WizardState {
  if (s.packageSlug === slug) return s;
  return settle({ ...s, packageSlug: slug, removalRequested: false });
}

/** A new size changes the slot lengths, so both chosen slots are cleared. */
export function chooseTreeSize(s: WizardState, size: TreeSize): WizardState {
  if (s.treeSize === size) return s;
  return { ...s, treeSize: size, installTimeSlot: null, removalTimeSlot: null };
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

/** The priced choices, once a package and size are chosen. */
export function choicesOf(s: WizardState): BookingChoices | null {
  if (!s.packageSlug || !s.treeSize) return null;
  return {
    packageSlug: s.packageSlug,
    treeSize: s.treeSize,
    addons: s.addons,
    luxeFinish: s.luxeFinish,
    removalRequested: s.removalRequested,
    extraTree: s.extraTree,
    keepOrnaments: s.keepOrnaments,
    luxeKeepOrnaments: s.luxeKeepOrnaments,
    distanceMiles: s.distanceMiles,
  };
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
