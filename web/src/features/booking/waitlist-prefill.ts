/**
 * The booking wizard and the waitlist (the waitlist contract, "UI"): the choices kept with a
 * waitlist entry when the customer joins from the schedule step, and the wizard filled again from
 * an offer's 'Book it' (its choices, contact, date and held time), whose token the checkout then
 * sends as `waitlistOffer` while the request still asks for that held time. Pure functions over
 * wizard-state.ts; the route composes them with the waitlist's pages.
 */
import { ADDONS, isPackageSlug, isTreeSize, type AddonId } from '@domain/catalog';
import type { WaitlistJoinChoices } from '@/lib/waitlist-join';
import { initialWizardState, type HeldOffer, type Step, type WizardState } from './wizard-state';
import { missingInformation, removalWanted } from './wizard-changes';

/** The wizard's choices before the contact step, as a waitlist entry keeps them (add-ons as `[{ id, quantity }]`). */
export function waitlistChoicesOf(s: WizardState): WaitlistJoinChoices {
  return {
    package: s.packageSlug ?? undefined,
    size: s.treeSize ?? undefined,
    addons: Object.entries(s.addons).map(([id, quantity]) => ({ id, quantity: quantity ?? 1 })),
    luxe: s.luxeFinish,
    removal: s.removalRequested,
    extraTree: s.extraTree,
    keepOrnaments: s.keepOrnaments,
    luxeKeepOrnaments: s.luxeKeepOrnaments,
  };
}

/** What 'Book it' brings from the offer (POST /api/fn/waitlist/offer's answer). */
export interface OfferForWizard {
  date: string;
  kind: 'install' | 'removal';
  slot: { id: string };
  size: string;
  choices: WaitlistJoinChoices | null;
  name: string;
  email: string;
  phone: string;
}

/**
 * A fresh wizard (the wizard id kept by the store) with the offer's choices, its contact and the
 * held time set on the offer's visit; an add-on or package the catalogue no longer knows is left
 * out (the checkout prices what is offered today). The customer's other visit, address and style
 * are asked again.
 */
export function wizardFromOffer(offer: OfferForWizard, token: string): WizardState {
  const c = offer.choices ?? {};
  const addons: WizardState['addons'] = {};
  for (const a of c.addons ?? []) if (a.id in ADDONS) addons[a.id as AddonId] = Math.max(1, Math.floor(a.quantity) || 1);
  const size = isTreeSize(offer.size) ? offer.size : isTreeSize(c.size) ? c.size : null;
  const held: HeldOffer = { token, date: offer.date, kind: offer.kind, timeSlot: offer.slot.id, size: offer.size };
  const base: WizardState = {
    ...initialWizardState,
    packageSlug: isPackageSlug(c.package) ? c.package : null,
    treeSize: size,
    addons,
    luxeFinish: !!c.luxe,
    removalRequested: !!c.removal || offer.kind === 'removal',
    extraTree: !!c.extraTree,
    keepOrnaments: !!c.keepOrnaments,
    luxeKeepOrnaments: c.luxeKeepOrnaments === 50 || c.luxeKeepOrnaments === 75 ? c.luxeKeepOrnaments : 0,
    contact: { ...initialWizardState.contact, name: offer.name, email: offer.email, phone: offer.phone },
    waitlistOffer: held,
  };
  const visit = offer.kind === 'install' ? { installDate: offer.date, installTimeSlot: offer.slot.id } : { removalDate: offer.date, removalTimeSlot: offer.slot.id };
  const s = { ...base, ...visit };
  return { ...s, step: firstStepToFinish(s) };
}

/**
 * The last step when every choice, visit and contact detail is given, else the first step still
 * missing one: the package step, or the schedule (whose contact form asks the address an offer
 * never carries).
 */
export function firstStepToFinish(s: WizardState): Step {
  if (missingInformation(s, 1)) return 1;
  if (missingInformation(s, 4) || !s.contact.address.trim()) return 4;
  return 5;
}

/**
 * The offer token the checkout sends as `waitlistOffer`: only while the wizard still asks for the
 * held time (same visit date, slot and tree size); a customer who changed it books like anyone else.
 */
export function waitlistOfferToken(s: WizardState): string | undefined {
  const o = s.waitlistOffer;
  if (!o || s.treeSize !== o.size) return undefined;
  if (o.kind === 'install') return s.installDate === o.date && s.installTimeSlot === o.timeSlot ? o.token : undefined;
  return removalWanted(s) && s.removalDate === o.date && s.removalTimeSlot === o.timeSlot ? o.token : undefined;
}

/** The slot of `date` held for this wizard by its offer, shown free in the slot picker (its hold is the customer's own). */
export function heldSlotOn(s: WizardState, kind: 'install' | 'removal', date: string | null): string | null {
  const o = s.waitlistOffer;
  return o && o.kind === kind && o.date === date && o.size === s.treeSize ? o.timeSlot : null;
}
