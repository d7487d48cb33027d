/**
 * Post-removal damage prices (SPEC.md §9 Damages), in integer cents. Shown on the Policies page
 * and used when the admin records damages, so the two can never disagree.
 */
import { ADDONS, KEEP_ORNAMENTS_CENTS, type AddonId, type TreeSize } from './catalog';
import { dollars } from './money';

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
 * Full inventory value charged on a total loss (SPEC.md §9 Damages): the buy-and-keep price for
 * the tree size, plus $500 with the Luxe Finish, plus what was paid for the ornament-boost,
 * luxe-ornament-boost and monogram-charms add-ons (`addonCents`: add-on id → amount charged in
 * cents, as stored on the booking; other add-ons are ignored). Result in cents.
 */
export function totalLossCents(
  treeSize: TreeSize,
  luxeFinish: boolean,
  addonCents: Partial<Record<AddonId, number>> = {},
): number {
  let total = KEEP_ORNAMENTS_CENTS[treeSize] + (luxeFinish ? TOTAL_LOSS_LUXE_CENTS : 0);
  for (const id of TOTAL_LOSS_ADDONS) {
    const amount = addonCents[id];
    if (ADDONS[id] && typeof amount === 'number' && Number.isFinite(amount) && amount > 0) total += Math.round(amount);
  }
  return total;
}
