/**
 * Travel fee (docs/product.md §9 Travel): free within 20 miles of the base town, $2 per mile beyond,
 * on the distance rounded to 0.1 mile (the precision shown to the customer).
 */
export const FREE_RADIUS_MILES = 20;
export const CENTS_PER_MILE = 200;

/** Rounds miles to one decimal, as shown. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** Travel fee in cents for a distance in miles; 0 for an unknown (null or invalid) distance. */
export function travelFeeCents(distanceMiles: number | null | undefined): number {
  if (distanceMiles == null || !Number.isFinite(distanceMiles) || distanceMiles <= 0) return 0;
  const tenthsBeyond = Math.round(distanceMiles * 10) - FREE_RADIUS_MILES * 10;
  return tenthsBeyond > 0 ? (tenthsBeyond * CENTS_PER_MILE) / 10 : 0;
}
