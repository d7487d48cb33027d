/**
 * The damage dialog's form (docs/product.md §4 Damage dialog, §5 Admin): which items are ticked and
 * their typed quantities, incidentals and total loss, and how they exclude each other.
 * Choosing incidentals clears and disables the per-item options; choosing total loss clears
 * and disables all the others. The selection sent to the server and its price come from
 * domain/money/damages.ts (the server prices it again; the dialog only shows the amounts).
 */
import { DAMAGE_SELECTION_KEYS, dialogQuantity, type DamageItemKey, type DamageSelection } from './damages';
import { formatCents } from './cents';

export const DAMAGE_ITEM_KEYS = Object.keys(DAMAGE_SELECTION_KEYS) as DamageItemKey[];

export interface DamageForm {
  ticked: Record<DamageItemKey, boolean>;
  /** What the admin typed in each quantity box (read with dialogQuantity). */
  quantities: Record<DamageItemKey, string>;
  incidentals: boolean;
  totalLoss: boolean;
}

export const EMPTY_DAMAGE_FORM: DamageForm = {
  ticked: { small: false, fixtures: false, textiles: false },
  quantities: { small: '1', fixtures: '1', textiles: '1' },
  incidentals: false,
  totalLoss: false,
};

/** Ticks or unticks an item (ignored while incidentals or total loss is chosen). */
export function toggleItem(form: DamageForm, key: DamageItemKey, on: boolean): DamageForm {
  if (itemsDisabled(form)) return form;
  return { ...form, ticked: { ...form.ticked, [key]: on } };
}

/** Types a quantity (kept as typed; read as a whole number ≥ 1, 1 when invalid). */
export function setQuantity(form: DamageForm, key: DamageItemKey, typed: string): DamageForm {
  return { ...form, quantities: { ...form.quantities, [key]: typed } };
}

/**
 * When a quantity box is left: the box shows the number it is priced at (a 0, an empty box or
 * '2.7' would otherwise show one thing and charge another).
 */
export function settleQuantity(form: DamageForm, key: DamageItemKey): DamageForm {
  return setQuantity(form, key, String(dialogQuantity(form.quantities[key])));
}

/** Incidentals on clears the items (docs/product.md §4). Ignored during a total loss. */
export function setIncidentals(form: DamageForm, on: boolean): DamageForm {
  if (form.totalLoss) return form;
  return on ? { ...EMPTY_DAMAGE_FORM, incidentals: true } : { ...form, incidentals: false };
}

/** Total loss on clears everything else (docs/product.md §4). */
export function setTotalLoss(form: DamageForm, on: boolean): DamageForm {
  return on ? { ...EMPTY_DAMAGE_FORM, totalLoss: true } : { ...form, totalLoss: false };
}

/** The per-item options are disabled by incidentals or total loss. */
export function itemsDisabled(form: DamageForm): boolean {
  return form.incidentals || form.totalLoss;
}

/** Incidentals is disabled by total loss. */
export function incidentalsDisabled(form: DamageForm): boolean {
  return form.totalLoss;
}

/** The selection to price and send: ticked items with their quantities (docs/product.md §5: whole, ≥ 1). */
export function selectionOf(form: DamageForm): DamageSelection {
  const items: DamageSelection['items'] = {};
  if (!itemsDisabled(form)) {
    for (const key of DAMAGE_ITEM_KEYS) if (form.ticked[key]) items[key] = dialogQuantity(form.quantities[key]);
  }
  return { items, incidentals: form.incidentals && !form.totalLoss, totalLoss: form.totalLoss };
}

/** The saved card, when its brand and last four digits are known. */
export interface CardOnFile {
  brand?: string | null;
  last4?: string | null;
}

/**
 * The question asked before charging the saved card (docs/product.md §5 Admin), naming the
 * amount and the card: 'Charge $35 to the Visa card ending in 4242?', or 'to the card on file'
 * when its brand and digits are not known.
 */
export function chargeQuestion(cents: number, card: CardOnFile | null = null): string {
  const last4 = card?.last4 && /^\d{4}$/.test(card.last4) ? card.last4 : '';
  const brand = card?.brand ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ` : '';
  return `Charge ${formatCents(cents)} to ${last4 ? `the ${brand}card ending in ${last4}` : 'the card on file'}?`;
}
