/**
 * The maths of the admin's Overview (docs/product.md §9 Revenue and insights; docs/decisions/015): where a visit
 * came from, the conversion rate, the top device and countries, and the week and month buckets
 * of the revenue chart, the Revenue tiles from each booking's ledger (domain/money/ledger.ts
 * `moneyOf`, docs/decisions/045), and the running tally of analytics events the website figures
 * come from. The server groups rows in SQL (GET /api/fn/insights) and hands the groups to these
 * functions, so the rules live here once. No I/O, no clock: "today" is passed in.
 */
import { addDays, businessToday, isYmd, newYorkTimeMs, weekdayOf, type Ymd } from '../schedule/calendar';
import { heldOf, type Money, type Movement } from '../money/ledger';

export const TRAFFIC_SOURCES = ['qr_code', 'social_media', 'google_ad', 'organic', 'direct'] as const;
export type TrafficSource = (typeof TRAFFIC_SOURCES)[number];
export type TrafficSourceCounts = Record<TrafficSource, number>;

export interface DeviceCounts {
  desktop: number;
  mobile: number;
  tablet: number;
}

export interface CountryCount {
  country: string;
  count: number;
}

/** One week of the revenue chart: Monday (New York) and the cents collected that week. */
export interface WeeklyPoint {
  weekStart: Ymd;
  deposits: number;
  balances: number;
}

/** Cents collected in one UTC hour ('YYYY-MM-DD HH', the prefix of a PocketBase datetime). */
export interface PaymentHour {
  hourUtc: string;
  deposits: number;
  balances: number;
}

/** utm_source first words (before `_`, `-`, `.` or a space) of social networks. */
const SOCIAL_UTM = new Set(['facebook', 'fb', 'instagram', 'ig', 'pinterest', 'tiktok', 'twitter', 'x', 'linkedin', 'nextdoor', 'youtube', 'threads', 'reddit', 'snapchat', 'meta', 'social']);
/** utm_source first words of Google's ads (organic search never carries UTM tags). */
const GOOGLE_AD_UTM = new Set(['google', 'googleads', 'adwords', 'gads']);
const QR_UTM = /^qr($|[_\-. ]|code)/;

/** Referrer domains (a host equal to one or below it) by source. */
const GOOGLE_AD_HOSTS = ['googleadservices.com', 'doubleclick.net', 'googlesyndication.com'];
const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'instagram.com',
  'pinterest.com',
  'pin.it',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'tiktok.com',
  'nextdoor.com',
  'youtube.com',
  'youtu.be',
  'threads.net',
  'threads.com',
  'reddit.com',
  'snapchat.com',
];
const SEARCH_HOSTS = ['bing.com', 'duckduckgo.com', 'yahoo.com', 'ecosia.org', 'search.brave.com', 'baidu.com', 'startpage.com', 'qwant.com', 'aol.com'];
/** Google (google.com, google.co.uk…) and Yandex under any country domain. */
const SEARCH_HOST_PATTERN = /(^|\.)(google|yandex)\.[a-z]{2,3}(\.[a-z]{2})?$/;
/** The payment page sending the customer back is not where the visit came from. */
const PAYMENT_HOSTS = ['stripe.com'];

function isUnder(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * The host of a referrer, lower case, without scheme, credentials, port, path, a trailing dot
 * or a leading `www.`: 'https://www.google.com/search?q=x' → 'google.com'. A bare host gives
 * the same answer.
 */
export function referrerHost(referrer: string): string {
  let s = (referrer || '').trim().toLowerCase();
  const scheme = s.indexOf('://');
  if (scheme >= 0) s = s.slice(scheme + 3);
  s = s.split(/[/?#\\]/)[0] ?? '';
  s = s.slice(s.lastIndexOf('@') + 1);
  s = s.replace(/:\d*$/, '').replace(/\.$/, '');
  return s.startsWith('www.') ? s.slice(4) : s;
}

/**
 * Where a page view came from: a known `utm_source` first (QR code, a social network, Google's
 * ads), else the referrer's host (Google's ad servers, a social network, the site itself or the
 * payment page → direct, anything else → organic), else direct. `ownHosts` are the site's own
 * hosts or origins (a visit moving within the site is not a new source).
 */
export function trafficSource(utmSource: string, referrer: string, ownHosts: readonly string[] = []): TrafficSource {
  const utm = (utmSource || '').trim().toLowerCase();
  if (utm) {
    if (QR_UTM.test(utm)) return 'qr_code';
    const first = utm.split(/[_\-. ]/)[0] ?? '';
    if (SOCIAL_UTM.has(first)) return 'social_media';
    if (GOOGLE_AD_UTM.has(first)) return 'google_ad';
  }
  const host = referrerHost(referrer);
  if (!host) return 'direct';
  if (ownHosts.some((own) => referrerHost(own) === host) || isUnder(host, PAYMENT_HOSTS)) return 'direct';
  if (isUnder(host, GOOGLE_AD_HOSTS)) return 'google_ad';
  if (isUnder(host, SOCIAL_HOSTS)) return 'social_media';
  if (isUnder(host, SEARCH_HOSTS) || SEARCH_HOST_PATTERN.test(host)) return 'organic';
  // A link from any other site is an unpaid visit too.
  return 'organic';
}

/** Sums grouped page views `{ utm, referrer, count }` into the five sources (all present). */
export function countTrafficSources(rows: readonly { utm: string; referrer: string; count: number }[], ownHosts: readonly string[] = []): TrafficSourceCounts {
  const counts: TrafficSourceCounts = { qr_code: 0, social_media: 0, google_ad: 0, organic: 0, direct: 0 };
  for (const row of rows) counts[trafficSource(row.utm, row.referrer, ownHosts)] += row.count;
  return counts;
}

/** Conversions ÷ page views × 100, rounded to one decimal; 0 without page views. */
export function conversionRate(conversions: number, pageViews: number): number {
  if (!(pageViews > 0)) return 0;
  return Math.round((conversions / pageViews) * 1000) / 10;
}

/** 'Mobile' when mobile page views exceed desktop ones, else 'Desktop' (docs/product.md §9). */
export function topDevice(devices: DeviceCounts): 'Mobile' | 'Desktop' {
  return devices.mobile > devices.desktop ? 'Mobile' : 'Desktop';
}

/**
 * The `limit` countries with the most page views, blank names counted as 'Unknown', by count
 * (most first) then name.
 */
export function topCountries(rows: readonly CountryCount[], limit = 5): CountryCount[] {
  const merged = new Map<string, number>();
  for (const { country, count } of rows) {
    const name = (country || '').trim() || 'Unknown';
    merged.set(name, (merged.get(name) ?? 0) + count);
  }
  return [...merged]
    .map(([country, count]) => ({ country, count }))
    .sort((a, b) => b.count - a.count || (a.country < b.country ? -1 : a.country > b.country ? 1 : 0))
    .slice(0, limit);
}

/** What the Overview's website half answers (docs/product.md §9). */
export interface WebsiteInsights {
  pageViews: number;
  sessions: number;
  conversions: number;
  /** Percent, one decimal. */
  conversionRate: number;
  trafficSources: TrafficSourceCounts;
  topCountries: CountryCount[];
  devices: DeviceCounts;
  topDevice: 'Mobile' | 'Desktop';
}

/** Events grouped by the columns the Overview reads, with how many share them. */
export interface EventGroup {
  eventType: string;
  converted: boolean;
  device: string;
  country: string;
  utm: string;
  referrer: string;
  count: number;
}

/**
 * Running totals of analytics events, built up group by group: page views by device, country
 * and source (`utm` lower case + newline + referrer host, so a site's many referrer URLs fold
 * into one entry), conversions, and unique sessions (counted by the caller, which sees the ids).
 */
export interface EventTally {
  pageViews: number;
  conversions: number;
  sessions: number;
  devices: Record<string, number>;
  countries: Record<string, number>;
  sources: Record<string, number>;
}

/** A tally of no events. */
export function emptyTally(): EventTally {
  return { pageViews: 0, conversions: 0, sessions: 0, devices: {}, countries: {}, sources: {} };
}

const bump = (map: Record<string, number>, key: string, n: number) => {
  map[key] = (map[key] ?? 0) + n;
};

/**
 * Adds event groups to a tally (in place) and returns it. Conversions are conversion events and
 * any event marked converted; every other figure counts page views only.
 */
export function addEventGroups(tally: EventTally, groups: readonly EventGroup[]): EventTally {
  for (const g of groups) {
    if (g.eventType === 'conversion' || g.converted) tally.conversions += g.count;
    if (g.eventType !== 'page_view') continue;
    tally.pageViews += g.count;
    bump(tally.devices, g.device, g.count);
    bump(tally.countries, g.country, g.count);
    bump(tally.sources, `${(g.utm || '').trim().toLowerCase()}\n${referrerHost(g.referrer)}`, g.count);
  }
  return tally;
}

/** The Overview's website figures from a tally; `ownHosts` as for `trafficSource`. */
export function websiteFromTally(tally: EventTally, ownHosts: readonly string[] = []): WebsiteInsights {
  const devices: DeviceCounts = { desktop: tally.devices.desktop ?? 0, mobile: tally.devices.mobile ?? 0, tablet: tally.devices.tablet ?? 0 };
  const sources = Object.entries(tally.sources).map(([key, count]) => {
    const cut = key.indexOf('\n');
    return { utm: key.slice(0, cut), referrer: key.slice(cut + 1), count };
  });
  return {
    pageViews: tally.pageViews,
    sessions: tally.sessions,
    conversions: tally.conversions,
    conversionRate: conversionRate(tally.conversions, tally.pageViews),
    trafficSources: countTrafficSources(sources, ownHosts),
    topCountries: topCountries(Object.entries(tally.countries).map(([country, count]) => ({ country, count }))),
    devices,
    topDevice: topDevice(devices),
  };
}

/** The Monday on or before `date` (the chart's weeks run Monday to Sunday). */
export function weekStart(date: Ymd): Ymd {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** Epoch ms of midnight at the start of `date` in New York. */
export function businessMidnightMs(date: Ymd): number {
  return newYorkTimeMs(date, 0);
}

/**
 * First day of the season the revenue chart shows: June 1 of the year whose sales and
 * installs are running (bookings open in summer, the last removals end in January), so on
 * 2027-01-31 it is still 2026-06-01.
 */
export function chartSeasonStart(today: Ymd): Ymd {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= '06-01' ? `${year}-06-01` : `${year - 1}-06-01`;
}

/**
 * Deposits and balances collected per week of the season (Mondays in New York), from cents
 * grouped by UTC hour: every week from the first payment of the season to the current week
 * (or the last payment, if later), weeks without payments included as 0. Payments before
 * `chartSeasonStart(today)` and malformed hours are left out; no payments → [].
 */
export function weeklyCollected(hours: readonly PaymentHour[], today: Ymd): WeeklyPoint[] {
  const from = chartSeasonStart(today);
  const byWeek = new Map<Ymd, WeeklyPoint>();
  for (const h of hours) {
    const ms = Date.parse(`${h.hourUtc.trim().replace(' ', 'T')}:00:00Z`);
    if (!Number.isFinite(ms)) continue;
    const date = businessToday(new Date(ms));
    if (!isYmd(date) || date < from) continue;
    const week = weekStart(date);
    const point = byWeek.get(week) ?? { weekStart: week, deposits: 0, balances: 0 };
    point.deposits += h.deposits;
    point.balances += h.balances;
    byWeek.set(week, point);
  }
  if (byWeek.size === 0) return [];
  const weeks = [...byWeek.keys()].sort();
  const thisWeek = weekStart(today);
  const last = weeks[weeks.length - 1]! > thisWeek ? weeks[weeks.length - 1]! : thisWeek;
  const out: WeeklyPoint[] = [];
  for (let w = weeks[0]!; w <= last; w = addDays(w, 7)) out.push(byWeek.get(w) ?? { weekStart: w, deposits: 0, balances: 0 });
  return out;
}

/** The Overview's Revenue in cents (docs/product.md §9 Revenue and insights). */
export interface Revenue {
  collected: number;
  pending: number;
  expected: number;
}

/** One booking as the Revenue reads it: its ledger's money and whether it counts in what is owed. */
export interface RevenueBooking {
  money: Money;
  /** Not cancelled, not a payment conflict, not an unpaid checkout hold that ran out. */
  counted: boolean;
  /** How many bookings have this same money (the server groups bookings whose ledgers are alike); 1 when absent. */
  count?: number;
}

/**
 * The Revenue from each booking's ledger (docs/decisions/045; docs/product.md §9): Collected is the
 * money held, `paidCents` of every booking (deposits, balances, removals, damages and tips, by card,
 * cash, check or another way, less refunds made, voids and disputes lost; a cancelled booking's
 * kept deposit too, docs/product.md §2 "its Revenue is kept"); Pending is what the counted
 * bookings still owe, owed less paid (payments in flight included: they are not collected yet);
 * Expected is both.
 */
export function revenueOf(bookings: readonly RevenueBooking[]): Revenue {
  let collected = 0;
  let pending = 0;
  for (const { money, counted, count = 1 } of bookings) {
    collected += money.paidCents * count;
    if (counted) pending += Math.max(0, money.owedCents - money.paidCents) * count;
  }
  return { collected, pending, expected: collected + pending };
}

/**
 * The money held by each payment of a booking, in the UTC hour it came in, for `weeklyCollected`:
 * the deposit at `depositPaidAt` (under deposits), every other payment at the time its charge
 * was requested on the app's clock (`chargeTimes` by charge id; under balances). What was refunded,
 * voided or lost to a dispute is taken off the payment it reverses, so the chart adds up to the
 * Collected of its payments. Payments without a time are left out. Timestamps are PocketBase
 * datetimes ('2026-11-17 02:00:00.000Z').
 */
export function paymentHoursOf(movements: readonly Movement[], depositPaidAt: string, chargeTimes: ReadonlyMap<string, string>): PaymentHour[] {
  const out: PaymentHour[] = [];
  for (const m of movements) {
    if (m.direction !== 'payment') continue;
    const cents = heldOf(movements, m.id);
    if (cents <= 0) continue;
    const deposit = m.id === 'deposit';
    const at = deposit ? depositPaidAt : (chargeTimes.get(m.id.split('#')[0]!) ?? '');
    if (at.length < 13) continue;
    out.push({ hourUtc: at.slice(0, 13), deposits: deposit ? cents : 0, balances: deposit ? 0 : cents });
  }
  return out;
}

/**
 * `hours` summed by UTC date and by three bands of UTC hours that each fall on one New York date
 * (before 04:00 the evening before; 04:00, midnight in summer time and 11 PM in winter; from
 * 05:00 the same date), each band named by its first hour: at most three entries per payment
 * day, so `weeklyCollected` places a season of payments in New York weeks in a few hundred steps.
 */
export function mergePaymentHours(hours: readonly PaymentHour[]): PaymentHour[] {
  const byBand = new Map<string, PaymentHour>();
  for (const h of hours) {
    const hour = h.hourUtc.slice(11, 13);
    const key = `${h.hourUtc.slice(0, 11)}${hour < '04' ? '00' : hour === '04' ? '04' : '05'}`;
    const point = byBand.get(key) ?? { hourUtc: key, deposits: 0, balances: 0 };
    point.deposits += h.deposits;
    point.balances += h.balances;
    byBand.set(key, point);
  }
  return [...byBand.values()];
}
