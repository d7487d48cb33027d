/**
 * The booking wizard's state and the transitions its first step needs (docs/product.md §3 Booking
 * form state, §4 Booking wizard); the later steps' and what blocks Continue are wizard-changes.ts,
 * which load with them or once /booking is idle (docs/architecture.md "What a page loads"). Pure functions: the zustand store applies them,
 * tests check them.
 */
import type { CheckoutAttempt } from './checkout-attempt';
import type { PackageSlug, TreeSize } from '@domain/catalog';
import { keepOrnamentsEligible, removalApplies } from '@domain/money/option-rules';
import type { BookingChoices } from '@domain/money/pricing';

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

/** Clears the removal visit when removal no longer applies. */
function withRemovalRule(s: WizardState): WizardState {
  if (!s.packageSlug || removalApplies({ packageSlug: s.packageSlug, keepOrnaments: s.keepOrnaments, removalRequested: s.removalRequested })) return s;
  return { ...s, removalDate: null, removalTimeSlot: null };
}

/** `s` with the option rules applied: keep-ornaments only while allowed, no removal visit when none applies. */
export const settle = (s: WizardState) => withRemovalRule(withKeepRule(s));

export function choosePackage(s: WizardState, slug: PackageSlug): WizardState {
  if (s.packageSlug === slug) return s;
  return settle({ ...s, packageSlug: slug, removalRequested: false });
}

/** A new size changes the slot lengths, so both chosen slots are cleared. */
export function chooseTreeSize(s: WizardState, size: TreeSize): WizardState {
  if (s.treeSize === size) return s;
  return { ...s, treeSize: size, installTimeSlot: null, removalTimeSlot: null };
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
