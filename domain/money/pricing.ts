/**
 * Pricing and the option rules it depends on (docs/product.md §4 Booking wizard, §9; docs/architecture.md
 * decision 5). Pure functions over a booking's choices; amounts in integer cents.
 *
 * The same code prices the wizard's running total and the server's charge, so the two can
 * never disagree. Table of rules (one test each in pricing.test.ts):
 *   base            package price by tree size
 *   removal-addon   Adorned Arrangement: optional removal +$85, free when an upgrade
 *                   (any add-on other than gift-wrap, or the Luxe Finish) is chosen
 *   luxe            Luxe Finish +$1,000; à-la-carte add-ons it includes are dropped
 *   addons          flat, per letter (monogram, $5) or each (stockings, holders, $15)
 *   keep            keep-ornaments +$400/$800/$1,200 by size, luxe extra +$500/+$750
 *   removal-credit  keep-ornaments with removal declined: −$150 (−$85 Adorned Arrangement)
 *   extra-tree      +$1,000, and +$500 when removal applies
 *   travel          $2 per mile beyond 20 miles, on distance rounded to 0.1 mile
 *   early-bird      the season's early-bird cut (domain/money/early-bird.ts earlyBirdCutCents)
 *                   until its "Early-bird price until" date, on the total before the travel
 *                   fee (the cut is on the work, not the drive), as a negative line
 *   deposit         50% of the total, rounded to the cent; balance is the rest
 */
import {
  ADDONS,
  DEPOSIT_RATE,
  EXTRA_TREE_CENTS,
  EXTRA_TREE_REMOVAL_CENTS,
  INCLUDED_REMOVAL_VALUE_CENTS,
  KEEP_ORNAMENTS_CENTS,
  LUXE_FINISH_CENTS,
  LUXE_KEEP_CENTS,
  TREE_SIZE_INFO,
  type AddonId,
  type LuxeKeepCount,
  type PackageSlug,
  type TreeSize,
} from '../catalog';
import { travelFeeCents } from '../place/travel';
import { earlyBirdCutCents, type EarlyBird } from './early-bird';
import { effectiveAddons, keepOrnamentsEligible, packageOf, removalApplies, removalIsOptional, upgradeIncludesRemoval, type AddonQuantities } from './option-rules';

// The option rules the wizard needs without the prices (its first step, docs/architecture.md
// "What a page loads") live in ./option-rules and are part of this module's surface.
export { effectiveAddons, keepOrnamentsEligible, removalApplies, removalIsOptional, upgradeIncludesRemoval, type AddonQuantities } from './option-rules';

/** Everything the customer chose that affects the price. */
export interface BookingChoices {
  packageSlug: PackageSlug;
  treeSize: TreeSize;
  addons: AddonQuantities;
  luxeFinish: boolean;
  /** The removal tick, where removal is optional (Adorned Arrangement, or keep-ornaments). */
  removalRequested: boolean;
  extraTree: boolean;
  keepOrnaments: boolean;
  luxeKeepOrnaments: LuxeKeepCount;
  /** Driving distance from the base in miles, or null when unknown (fee 0). */
  distanceMiles: number | null;
}

export interface PriceLine {
  code: string;
  label: string;
  amountCents: number;
}

/** A priced booking: the lines, the total, the 50% deposit and the balance, all in cents. */
export interface PriceQuote {
  lines: PriceLine[];
  /** The add-ons actually charged, with their line price (stored as selected_addons). */
  addons: { id: AddonId; quantity: number; price: number }[];
  removalApplies: boolean;
  travelFeeCents: number;
  ornamentOwnershipCents: number;
  totalCents: number;
  depositCents: number;
  balanceCents: number;
}

/** The season's early-bird cut and the day the booking is priced on (YYYY-MM-DD, America/New_York). */
export interface EarlyBirdOn {
  earlyBird: EarlyBird | null;
  today: string;
}

/**
 * Prices a booking's choices; with `early`, the season's early-bird cut as a line 'early-bird'
 * (negative cents) when `today` is on or before its cutoff. Throws only for an unknown package
 * (the schemas reject those first).
 */
export function quote(c: BookingChoices, early: EarlyBirdOn | null = null): PriceQuote {
  const pkg = packageOf(c.packageSlug);
  const size = TREE_SIZE_INFO[c.treeSize];
  const lines: PriceLine[] = [];
  const add = (code: string, label: string, amountCents: number) => {
    if (amountCents !== 0) lines.push({ code, label, amountCents });
  };

  add('base', `${pkg.title} · ${size.label}`, pkg.pricesCents[c.treeSize]);

  const removal = removalApplies(c);
  const keep = c.keepOrnaments && keepOrnamentsEligible(c.packageSlug, c.addons, c.luxeFinish);

  if (!pkg.includesRemoval && removal && !keep && !upgradeIncludesRemoval(c.addons, c.luxeFinish)) {
    add('removal', 'Removal service', pkg.removalAddOnCents ?? 0);
  }

  if (c.luxeFinish) add('luxe', 'Luxe Finish', LUXE_FINISH_CENTS);

  const addons: PriceQuote['addons'] = [];
  for (const [id, qty] of Object.entries(effectiveAddons(c.addons, c.luxeFinish)) as [AddonId, number][]) {
    const info = ADDONS[id];
    const price = info.unitCents * qty;
    addons.push({ id, quantity: qty, price });
    add(`addon:${id}`, info.unit === 'flat' ? info.title : `${info.title} × ${qty}`, price);
  }

  let ornamentOwnershipCents = 0;
  if (keep) {
    ornamentOwnershipCents = KEEP_ORNAMENTS_CENTS[c.treeSize] + LUXE_KEEP_CENTS[c.luxeKeepOrnaments];
    add('keep', 'Keep your tree and ornaments', KEEP_ORNAMENTS_CENTS[c.treeSize]);
    add('keep-luxe', `Luxe extra ornaments (+${c.luxeKeepOrnaments})`, LUXE_KEEP_CENTS[c.luxeKeepOrnaments]);
    if (!c.removalRequested) {
      const credit = pkg.includesRemoval ? INCLUDED_REMOVAL_VALUE_CENTS : (pkg.removalAddOnCents ?? 0);
      add('removal-credit', 'Removal declined (credit)', -credit);
    }
  }

  if (c.extraTree) {
    add('extra-tree', 'Extra tree', EXTRA_TREE_CENTS);
    if (removal) add('extra-tree-removal', 'Extra tree removal', EXTRA_TREE_REMOVAL_CENTS);
  }

  if (early) {
    const beforeTravel = lines.reduce((sum, l) => sum + l.amountCents, 0);
    add('early-bird', 'Early-bird price', -earlyBirdCutCents(beforeTravel, early.earlyBird, early.today));
  }

  const travel = travelFeeCents(c.distanceMiles);
  add('travel', 'Travel fee', travel);

  const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const depositCents = Math.round(totalCents * DEPOSIT_RATE);
  return {
    lines,
    addons,
    removalApplies: removal,
    travelFeeCents: travel,
    ornamentOwnershipCents,
    totalCents,
    depositCents,
    balanceCents: totalCents - depositCents,
  };
}

/** The refusal (500: a pricing rule of ours went wrong, not the customer's input) of a booking priced at $0 or less. */
export const NOT_CHARGEABLE = 'We could not price this booking. Please contact us to book.';

/**
 * Whether quote `q` may be charged: a total and a deposit above $0. The checkout and the phone
 * booking refuse otherwise rather than hold a slot for $0 or ask Stripe for a $0 session
 * (docs/decisions/059; the early-bird caps already keep every total above $0).
 */
export function chargeable(q: Pick<PriceQuote, 'totalCents' | 'depositCents'>): boolean {
  return q.totalCents > 0 && q.depositCents > 0;
}

/**
 * What adding the optional removal after booking costs (cents): the total with removal ticked
 * less the total without, so every rule above (the add-on price, an upgrade that makes it free,
 * the keep-ornaments credit given back, the extra tree's removal) applies as at checkout.
 * Null when removal is not the customer's choice or is already booked (docs/decisions/029).
 */
export function removalAdditionCents(c: BookingChoices): number | null {
  if (!removalIsOptional(c.packageSlug, c.keepOrnaments) || c.removalRequested) return null;
  return quote({ ...c, removalRequested: true }).totalCents - quote({ ...c, removalRequested: false }).totalCents;
}
