/**
 * Post-removal damage prices (docs/product.md §9 Damages), in integer cents. Shown on the Policies page
 * and used when the admin records damages, so the two can never disagree.
 */
import { ADDONS, KEEP_ORNAMENTS_CENTS, type AddonId, type TreeSize } from '../catalog';
import { dollars } from './cents';

export const DAMAGE_ITEM_IDS = ['small-pieces', 'fixtures-electric', 'textiles-decor'] as const;
export type DamageItemId = (typeof DAMAGE_ITEM_IDS)[number];

export interface DamageItem {
  id: DamageItemId;
  title: string;
  examples: string;
  /** Charge per lost or damaged item. */
  unitCents: number;
}

export const DAMAGE_ITEMS: Record<DamageItemId, DamageItem> = {
  'small-pieces': {
    id: 'small-pieces',
    title: 'Small pieces',
    examples: 'ornaments, picks, charms and clips',
    unitCents: dollars(5),
  },
  'fixtures-electric': {
    id: 'fixtures-electric',
    title: 'Fixtures and electric items',
    examples: 'light strands, toppers and lit pieces',
    unitCents: dollars(20),
  },
  'textiles-decor': {
    id: 'textiles-decor',
    title: 'Textiles and decor items',
    examples: 'skirts, collars, ribbon, stockings and garland',
    unitCents: dollars(30),
  },
};

/** Flat incidentals charge when more than half of the inventory is lost or damaged. */
export const INCIDENTALS_CENTS = dollars(500);
/** Share of the inventory above which the flat incidentals charge applies (more than 50%). */
export const INCIDENTALS_INVENTORY_SHARE = 0.5;
/** Added to the total-loss value when the booking had the Luxe Finish. */
export const TOTAL_LOSS_LUXE_CENTS = dollars(500);

/** The add-ons whose ornaments count toward the inventory value on a total loss. */
export const TOTAL_LOSS_ADDONS: readonly AddonId[] = ['ornament-boost', 'luxe-ornament-boost', 'monogram-charms'];

/**
 * Full inventory value charged on a total loss (docs/product.md §9 Damages): the buy-and-keep price for
 * the tree size, plus $500 with the Luxe Finish, plus what was paid for the ornament-boost,
 * luxe-ornament-boost and monogram-charms add-ons (`addonCents`: add-on id → amount charged in
 * cents, as stored on the booking; other add-ons are ignored). Result in cents.
 */
export function totalLossCents(treeSize: TreeSize, luxeFinish: boolean, addonCents: Partial<Record<AddonId, number>> = {}): number {
  let total = KEEP_ORNAMENTS_CENTS[treeSize] + (luxeFinish ? TOTAL_LOSS_LUXE_CENTS : 0);
  for (const id of TOTAL_LOSS_ADDONS) {
    const amount = addonCents[id];
    if (ADDONS[id] && typeof amount === 'number' && Number.isFinite(amount) && amount > 0) total += Math.round(amount);
  }
  return total;
}

/**
 * The damage dialog's selection (docs/product.md §4 Damage dialog), as the admin's client sends it to
 * `charge-booking-balance`: how many items of each kind were lost or damaged, or the flat
 * incidentals charge, or a total loss. Never an amount: the server prices it (docs/architecture.md
 * decision 5, docs/decisions/015).
 */
export interface DamageSelection {
  /** Whole numbers of lost or damaged items by kind; absent or 0 means none. */
  items: Partial<Record<DamageItemKey, number>>;
  /** More than half of the inventory lost or damaged: the flat charge (clears the items). */
  incidentals: boolean;
  /** Everything lost: the full inventory value (clears the items and incidentals). */
  totalLoss: boolean;
}

/** The short item keys of a selection (`items.small` …) and the damage item each one prices. */
export const DAMAGE_SELECTION_KEYS = {
  small: 'small-pieces',
  fixtures: 'fixtures-electric',
  textiles: 'textiles-decor',
} as const satisfies Record<string, DamageItemId>;
export type DamageItemKey = keyof typeof DAMAGE_SELECTION_KEYS;

/** Largest quantity of one item kind the server accepts (a typo guard, not a business rule). */
export const MAX_DAMAGE_QUANTITY = 999;

export const DAMAGE_MESSAGES = {
  /** docs/product.md §5 Admin, quoted exactly. */
  selectItem: 'Please select at least one damage item to charge',
  invalidSelection: 'Damages must be sent as the damaged items (small, fixtures, textiles), incidentals or total loss; the server prices them.',
  invalidQuantity: `Damage quantities must be whole numbers from 0 to ${MAX_DAMAGE_QUANTITY}.`,
  exclusive: 'Choose damaged items, incidentals or total loss: only one of them.',
} as const;

/**
 * The dialog's reading of a typed quantity (docs/product.md §5 Admin): a whole number, at least 1,
 * and 1 when the input is not a number. Capped at MAX_DAMAGE_QUANTITY.
 */
export function dialogQuantity(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? ''), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.floor(n), MAX_DAMAGE_QUANTITY);
}

export type ParsedSelection = { ok: true; value: DamageSelection } | { ok: false; message: string };

/**
 * Checks a selection sent by a client. Quantities must be whole numbers 0–999 (0 = not
 * chosen, dropped from the result); items, incidentals and total loss exclude each other as in
 * the dialog. Unknown keys (an `amount` a client might add) are ignored: the price is ours.
 */
export function parseDamageSelection(input: unknown): ParsedSelection {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, message: DAMAGE_MESSAGES.invalidSelection };
  const raw = input as { items?: unknown; incidentals?: unknown; totalLoss?: unknown };
  const rawItems = raw.items ?? {};
  if (typeof rawItems !== 'object' || rawItems === null || Array.isArray(rawItems)) return { ok: false, message: DAMAGE_MESSAGES.invalidSelection };
  const items: DamageSelection['items'] = {};
  for (const key of Object.keys(DAMAGE_SELECTION_KEYS) as DamageItemKey[]) {
    const q = (rawItems as Record<string, unknown>)[key];
    if (q === undefined || q === null) continue;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 0 || q > MAX_DAMAGE_QUANTITY) return { ok: false, message: DAMAGE_MESSAGES.invalidQuantity };
    if (q > 0) items[key] = q;
  }
  for (const flag of [raw.incidentals, raw.totalLoss]) {
    if (flag !== undefined && flag !== null && typeof flag !== 'boolean') return { ok: false, message: DAMAGE_MESSAGES.invalidSelection };
  }
  const value: DamageSelection = { items, incidentals: raw.incidentals === true, totalLoss: raw.totalLoss === true };
  const chosen = [Object.keys(items).length > 0, value.incidentals, value.totalLoss].filter(Boolean).length;
  if (chosen > 1) return { ok: false, message: DAMAGE_MESSAGES.exclusive };
  return { ok: true, value };
}

/** What a total loss is measured against: the booking's size, Luxe Finish and add-ons. */
export interface DamageInventory {
  treeSize: TreeSize;
  luxeFinish: boolean;
  /** Add-on id → amount charged in cents (`addonCentsOf(booking.selected_addons)`). */
  addonCents: Partial<Record<AddonId, number>>;
}

/**
 * Add-on amounts of a booking's stored `selected_addons` (a list of `{ id, price }` in cents,
 * docs/product.md §3), summed per id. Anything malformed counts as nothing.
 */
export function addonCentsOf(selectedAddons: unknown): Partial<Record<AddonId, number>> {
  const out: Partial<Record<AddonId, number>> = {};
  if (!Array.isArray(selectedAddons)) return out;
  for (const a of selectedAddons as { id?: unknown; price?: unknown }[]) {
    if (!a || typeof a.id !== 'string' || !(a.id in ADDONS) || typeof a.price !== 'number' || !Number.isFinite(a.price)) continue;
    const id = a.id as AddonId;
    out[id] = (out[id] ?? 0) + a.price;
  }
  return out;
}

/** One priced line of a damage charge, for the charge record and the dialog's summary. */
export interface DamageLine {
  label: string;
  quantity: number;
  cents: number;
}

/**
 * Prices a selection against the booking's inventory (docs/product.md §9 Damages): per item $5 / $20 /
 * $30, or the flat $500 incidentals, or the total-loss value. Returns the lines and their sum
 * in cents (0 for an empty selection).
 */
export function priceDamages(selection: DamageSelection, inventory: DamageInventory): { lines: DamageLine[]; totalCents: number } {
  let lines: DamageLine[];
  if (selection.totalLoss) {
    lines = [{ label: 'Total loss (full inventory value)', quantity: 1, cents: totalLossCents(inventory.treeSize, inventory.luxeFinish, inventory.addonCents) }];
  } else if (selection.incidentals) {
    lines = [{ label: 'Incidentals (more than half of the inventory)', quantity: 1, cents: INCIDENTALS_CENTS }];
  } else {
    lines = (Object.keys(DAMAGE_SELECTION_KEYS) as DamageItemKey[])
      .filter((key) => (selection.items[key] ?? 0) > 0)
      .map((key) => {
        const item = DAMAGE_ITEMS[DAMAGE_SELECTION_KEYS[key]];
        const quantity = selection.items[key]!;
        return { label: item.title, quantity, cents: quantity * item.unitCents };
      });
  }
  return { lines, totalCents: lines.reduce((sum, l) => sum + l.cents, 0) };
}
