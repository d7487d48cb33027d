/**
 * Display forms of the business facts the content pages quote (prices, radius, windows), all
 * derived from domain/ so no number is typed twice (docs/decisions/006).
 */
import { formatMonthDay, type Ymd } from '@domain/schedule/calendar';
import { DEPOSIT_RATE, INCLUDED_REMOVAL_VALUE_CENTS, PACKAGES, TREE_SIZES, TREE_SIZE_INFO, type PackageInfo } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { CONSULTATION_WEEKDAY, seasonFor, WORK_DAYS, workDaysText, type SeasonWindows } from '@domain/schedule/season';
import { closingWeek, formatHour } from '@domain/schedule/slots';
import { CENTS_PER_MILE, FREE_RADIUS_MILES } from '@domain/place/travel';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "a, b and c" (or "a, b or c"). */
export function listText(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** Lowest package price, e.g. "$300". */
export const FROM_PRICE = formatCents(Math.min(...PACKAGES.flatMap((p) => Object.values(p.pricesCents))));
/** Lowest price of one package. */
export function packageFromPrice(p: PackageInfo): string {
  return formatCents(Math.min(...Object.values(p.pricesCents)));
}
export const REMOVAL_VALUE = formatCents(INCLUDED_REMOVAL_VALUE_CENTS);
export const DEPOSIT_PERCENT = `${Math.round(DEPOSIT_RATE * 100)}%`;
export const FREE_RADIUS = `${FREE_RADIUS_MILES} miles`;
export const PER_MILE = formatCents(CENTS_PER_MILE);

/** Packages whose removal is an add-on, with its price (Adorned Arrangement). */
export const REMOVAL_ADD_ONS = PACKAGES.filter((p) => !p.includesRemoval && p.removalAddOnCents != null).map((p) => ({
  title: p.title,
  price: formatCents(p.removalAddOnCents ?? 0),
}));
export const INCLUDED_REMOVAL_TITLES = PACKAGES.filter((p) => p.includesRemoval).map((p) => p.title);

/** Install work days, Monday-first ("Tuesday, Friday, Saturday and Sunday"). */
export const WORK_DAYS_TEXT = listText([...WORK_DAYS].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((d) => DAY_NAMES[d] ?? ''));

/** The consultation day, e.g. "Wednesday". */
export const CONSULTATION_DAY = DAY_NAMES[CONSULTATION_WEEKDAY] ?? '';

/** Visit lengths by size ("3 hours for 5–7 ft trees, …"). */
export const VISIT_LENGTHS_TEXT = listText(TREE_SIZES.map((s) => `${TREE_SIZE_INFO[s].visitHours} hours for ${TREE_SIZE_INFO[s].label} trees`));

/**
 * The install and removal windows of the season being sold on `today` (New York's date),
 * e.g. "November 16 – December 23": the owner's (`season`, from GET /api/fn/season once it
 * answered; domain/schedule/seasons.ts), else docs/product.md's pattern, as prerendered.
 */
export function seasonWindows(today: Ymd, owners: Pick<SeasonWindows, 'install' | 'removal'> | null = null): { install: string; removal: string } {
  const season = owners ?? seasonFor(today);
  return {
    install: `${formatMonthDay(season.install.start)} – ${formatMonthDay(season.install.end)}`,
    removal: `${formatMonthDay(season.removal.start)} – ${formatMonthDay(season.removal.end)}`,
  };
}

/**
 * When visits finish on the install work days of the season being sold, for "We finish by …":
 * the hour most of them close at, then the others by day, e.g. "9 PM, or 6 PM on Sundays".
 * From the owner's closing hours and work days (`season`, from GET /api/fn/season once it
 * answered; docs/decisions/055), else docs/product.md's pattern, as prerendered.
 */
export function closingHoursText(season: Pick<SeasonWindows, 'workDays' | 'closingHours'> | null = null): string {
  const week = closingWeek(season?.closingHours);
  const days = season?.workDays ?? WORK_DAYS;
  const byHour = new Map<number, number[]>();
  for (const d of days) byHour.set(week[d]!, [...(byHour.get(week[d]!) ?? []), d]);
  // Most days first; between equals, the later hour (the usual evening close).
  const [main, ...others] = [...byHour.entries()].sort(([ha, da], [hb, db]) => db.length - da.length || hb - ha);
  if (!main) return formatHour(week[1]!);
  if (others.length === 0) return formatHour(main[0]);
  return `${formatHour(main[0])}, or ${listText(
    others.map(([h, ds]) => `${formatHour(h)} on ${workDaysText(ds)}`),
    'or',
  )}`;
}
