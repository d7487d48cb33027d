/**
 * What a waitlist offer's page shows of the booking it holds a time for (the waitlist contract,
 * "UI"): the package and its price, from the choices the entry keeps (the wizard's before the
 * contact step), priced by the same quote as the checkout (domain/money/pricing.ts) with the
 * season's early bird when it applies. The travel fee needs the address, so it is not in it.
 * Pure; cents.
 */
import { findPackage, isAddonId, isTreeSize, LUXE_KEEP_OPTIONS, type LuxeKeepCount } from '../catalog';
import { quote, type AddonQuantities, type EarlyBirdOn } from '../money/pricing';

/** An offer's booking as its page shows it. */
export interface OfferPrice {
  packageTitle: string;
  /** The total before any travel fee, and its 50% deposit, in cents. */
  totalCents: number;
  depositCents: number;
}

/**
 * The package and price of an entry waiting for `packageType` in tree size `size` with its
 * stored `choices` (any shape: read field by field), or null when the package or size is
 * unknown (a move's entry holds none).
 */
export function offerPrice(packageType: string, size: string, choices: Record<string, unknown>, early: EarlyBirdOn | null = null): OfferPrice | null {
  const pkg = findPackage(packageType || (typeof choices.package === 'string' ? choices.package : ''));
  if (!pkg || !isTreeSize(size)) return null;
  const addons: AddonQuantities = {};
  for (const a of Array.isArray(choices.addons) ? choices.addons : []) {
    const item = a as { id?: unknown; quantity?: unknown };
    if (isAddonId(item.id)) addons[item.id] = typeof item.quantity === 'number' && item.quantity > 0 ? Math.floor(item.quantity) : 1;
  }
  const keep = LUXE_KEEP_OPTIONS.find((n) => n === choices.luxeKeepOrnaments) ?? (0 as LuxeKeepCount);
  const q = quote(
    {
      packageSlug: pkg.slug,
      treeSize: size,
      addons,
      luxeFinish: choices.luxe === true,
      removalRequested: choices.removal === true,
      extraTree: choices.extraTree === true,
      keepOrnaments: choices.keepOrnaments === true,
      luxeKeepOrnaments: keep,
      distanceMiles: null,
    },
    early,
  );
  return { packageTitle: pkg.title, totalCents: q.totalCents, depositCents: q.depositCents };
}
