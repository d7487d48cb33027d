/**
 * The option rules of a booking's choices (docs/product.md §4 Booking wizard, §9): which add-ons
 * are in effect, when keep-ornaments may be chosen and when removal is the customer's choice or
 * applies. Pure. domain/money/pricing.ts prices with them and exports them too; they are a
 * module of their own so the wizard's first step has them without the prices
 * (docs/architecture.md "What a page loads").
 */
import { ADDONS, findPackage, type AddonId, type PackageInfo, type PackageSlug } from '../catalog';

/** Add-on id → quantity (1 for flat add-ons; letters or items for the others). */
export type AddonQuantities = Partial<Record<AddonId, number>>;

/** The package of `slug`; throws for an unknown one (the schemas reject those first). */
export function packageOf(slug: PackageSlug): PackageInfo {
  const pkg = findPackage(slug);
  if (!pkg) throw new Error(`Unknown package: ${slug}`);
  return pkg;
}

/** Add-ons still in effect: those the Luxe Finish includes are dropped when it is chosen. */
export function effectiveAddons(addons: AddonQuantities, luxeFinish: boolean): AddonQuantities {
  const out: AddonQuantities = {};
  for (const [id, qty] of Object.entries(addons) as [AddonId, number][]) {
    if (!ADDONS[id] || !qty || qty < 1) continue;
    if (luxeFinish && ADDONS[id].clearedByLuxe) continue;
    out[id] = ADDONS[id].unit === 'flat' ? 1 : Math.floor(qty);
  }
  return out;
}

/** Adorned Arrangement upgrades that switch removal on at no charge: any add-on but gift-wrap, or luxe. */
export function upgradeIncludesRemoval(addons: AddonQuantities, luxeFinish: boolean): boolean {
  if (luxeFinish) return true;
  return Object.keys(effectiveAddons(addons, false)).some((id) => id !== 'gift-wrap');
}

/**
 * Whether keep-ornaments may be chosen: Elevated Arbor, Curated Christmas, any package with the
 * Luxe Finish, or Adorned Arrangement with an ornament upgrade (docs/product.md §4).
 */
export function keepOrnamentsEligible(packageSlug: PackageSlug, addons: AddonQuantities, luxeFinish: boolean): boolean {
  if (luxeFinish || packageOf(packageSlug).includesRemoval) return true;
  return Object.keys(effectiveAddons(addons, false)).some((id) => ADDONS[id as AddonId].ornamentUpgrade);
}

/**
 * Whether removal is the customer's choice (a tick) rather than part of the package:
 * Adorned Arrangement, or any package with keep-ornaments on.
 */
export function removalIsOptional(packageSlug: PackageSlug, keepOrnaments: boolean): boolean {
  return keepOrnaments || !packageOf(packageSlug).includesRemoval;
}

/** Whether a removal visit is booked, so its date and slot are required (docs/product.md §4). */
export function removalApplies(c: { packageSlug: PackageSlug; keepOrnaments: boolean; removalRequested: boolean }): boolean {
  return removalIsOptional(c.packageSlug, c.keepOrnaments) ? c.removalRequested : true;
}
