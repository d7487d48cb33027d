import { describe, expect, it } from 'vitest';
import {
  addEventGroups,
  businessMidnightMs,
  chartSeasonStart,
  conversionRate,
  countTrafficSources,
  emptyTally,
  referrerHost,
  topCountries,
  topDevice,
  trafficSource,
  weekStart,
  websiteFromTally,
  weeklyCollected,
  mergePaymentHours,
  paymentHoursOf,
  revenueOf,
  type EventGroup,
  type TrafficSource,
} from './insights';
import { bookingLedger } from '../money/booking-money';
import { heldOf, moneyOf, type Movement } from '../money/ledger';

describe('traffic source of a page view (docs/product.md §9: a missing source counts as direct)', () => {
  it.each<[string, string, string, TrafficSource]>([
    ['nothing at all', '', '', 'direct'],
    ['blank utm and referrer', '  ', '   ', 'direct'],
    ['utm qr', 'qr', '', 'qr_code'],
    ['utm QR_Code, any case', 'QR_Code', '', 'qr_code'],
    ['utm qrcode', 'qrcode', 'https://www.google.com/', 'qr_code'],
    ['utm qr-yard-sign', 'qr-yard-sign', '', 'qr_code'],
    ['utm facebook', 'facebook', '', 'social_media'],
    ['utm fb_story', 'fb_story', '', 'social_media'],
    ['utm instagram.com', 'instagram.com', '', 'social_media'],
    ['utm Nextdoor', 'Nextdoor', '', 'social_media'],
    ['utm google (manual ad tagging)', 'google', '', 'google_ad'],
    ['utm google_ads', 'google_ads', '', 'google_ad'],
    ['utm adwords', 'adwords', '', 'google_ad'],
    ['utm qrious is not a QR code: falls back to the referrer', 'qrious', '', 'direct'],
    ['unknown utm falls back to a social referrer', 'newsletter', 'https://l.facebook.com/l.php?u=x', 'social_media'],
    ['unknown utm and no referrer', 'newsletter', '', 'direct'],
    ['Google search referrer', '', 'https://www.google.com/', 'organic'],
    ['Google in another country', '', 'https://www.google.co.uk/search?q=tree', 'organic'],
    ['Bing', '', 'https://www.bing.com/search?q=x', 'organic'],
    ['DuckDuckGo', '', 'https://duckduckgo.com/', 'organic'],
    ['Google Ads click server', '', 'https://www.googleadservices.com/pagead/aclk?sa=L', 'google_ad'],
    ['DoubleClick', '', 'https://ad.doubleclick.net/ddm/clk/1', 'google_ad'],
    ['Instagram link shim', '', 'https://l.instagram.com/?u=https%3A%2F%2Fexample.com', 'social_media'],
    ['t.co', '', 'https://t.co/abc', 'social_media'],
    ['Pinterest', '', 'https://www.pinterest.com/pin/1/', 'social_media'],
    ['YouTube short link', '', 'https://youtu.be/xyz', 'social_media'],
    ['a look-alike host is not Facebook', '', 'https://notfacebook.com/', 'organic'],
    ['another site', '', 'https://www.marylandmoms.example/best-decorators', 'organic'],
    ['the payment page sending the customer back', '', 'https://checkout.stripe.com/c/pay/cs_test_1', 'direct'],
  ])('%s', (_name, utm, referrer, expected) => {
    expect(trafficSource(utm, referrer)).toBe(expected);
  });

  it('a referrer from the site itself is direct', () => {
    expect(trafficSource('', 'https://thoughtfullyadorned.example/services', ['thoughtfullyadorned.example'])).toBe('direct');
    expect(trafficSource('', 'http://127.0.0.1:8090/booking', ['127.0.0.1:8090'])).toBe('direct');
    expect(trafficSource('', 'https://www.thoughtfullyadorned.example/', ['https://thoughtfullyadorned.example'])).toBe('direct');
  });

  it.each([
    ['https://www.google.com/search?q=x', 'google.com'],
    ['www.google.com', 'google.com'],
    ['HTTPS://User:pw@Example.COM:8443/path', 'example.com'],
    ['example.com?x=1', 'example.com'],
    ['example.com#frag', 'example.com'],
    ['example.com.', 'example.com'],
    ['', ''],
  ])('referrerHost(%s) = %s', (referrer, host) => {
    expect(referrerHost(referrer)).toBe(host);
  });

  it('counts grouped rows into the five buckets, every bucket present', () => {
    expect(
      countTrafficSources([
        { utm: '', referrer: '', count: 4 },
        { utm: 'qr', referrer: '', count: 2 },
        { utm: '', referrer: 'www.facebook.com', count: 3 },
        { utm: '', referrer: 'google.com', count: 1 },
      ]),
    ).toEqual({ qr_code: 2, social_media: 3, google_ad: 0, organic: 1, direct: 4 });
    expect(countTrafficSources([])).toEqual({ qr_code: 0, social_media: 0, google_ad: 0, organic: 0, direct: 0 });
  });
});

describe('conversion rate (docs/product.md §9: conversions ÷ page views × 100, one decimal)', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 10, 0],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [3, 40, 7.5],
    [7, 7, 100],
    [1, 1000, 0.1],
    [1, 3000, 0],
  ])('%i conversions of %i page views → %d', (conversions, pageViews, rate) => {
    expect(conversionRate(conversions, pageViews)).toBe(rate);
  });
});

describe('top device (docs/product.md §9: Mobile if mobile exceeds desktop, else Desktop)', () => {
  it.each([
    [{ desktop: 3, mobile: 4, tablet: 0 }, 'Mobile'],
    [{ desktop: 4, mobile: 4, tablet: 9 }, 'Desktop'],
    [{ desktop: 0, mobile: 0, tablet: 0 }, 'Desktop'],
    [{ desktop: 0, mobile: 1, tablet: 0 }, 'Mobile'],
  ] as const)('%o → %s', (devices, top) => {
    expect(topDevice(devices)).toBe(top);
  });
});

describe('top countries (docs/product.md §9: top 5, Unknown when missing)', () => {
  it('merges blanks into Unknown, sorts by count then name, keeps five', () => {
    expect(
      topCountries([
        { country: 'US', count: 10 },
        { country: '', count: 4 },
        { country: '  ', count: 2 },
        { country: 'Unknown', count: 1 },
        { country: 'CA', count: 3 },
        { country: 'GB', count: 3 },
        { country: 'DE', count: 1 },
        { country: 'FR', count: 2 },
      ]),
    ).toEqual([
      { country: 'US', count: 10 },
      { country: 'Unknown', count: 7 },
      { country: 'CA', count: 3 },
      { country: 'GB', count: 3 },
      { country: 'FR', count: 2 },
    ]);
  });
  it('no events → no countries', () => {
    expect(topCountries([])).toEqual([]);
  });
});

describe('weeks and months in New York', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // Monday
    ['2026-11-29', '2026-11-23'], // Sunday
    ['2026-11-20', '2026-11-16'], // Friday
    ['2027-01-01', '2026-12-28'], // across the year
  ])('week of %s starts on Monday %s', (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });

  it.each([
    ['2026-11-01', '2026-11-01T04:00:00Z'], // still daylight time at midnight; DST ends at 2 AM
    ['2026-12-01', '2026-12-01T05:00:00Z'],
    ['2026-03-01', '2026-03-01T05:00:00Z'],
    ['2026-03-09', '2026-03-09T04:00:00Z'], // the day after DST starts
    ['2026-07-01', '2026-07-01T04:00:00Z'],
  ])('midnight of %s in New York is %s', (date, iso) => {
    expect(businessMidnightMs(date)).toBe(Date.parse(iso));
  });

  it.each([
    ['2026-11-20', '2026-06-01'],
    ['2027-01-31', '2026-06-01'],
    ['2027-05-31', '2026-06-01'],
    ['2027-06-01', '2027-06-01'],
  ])('the chart season of %s starts on %s', (today, start) => {
    expect(chartSeasonStart(today)).toBe(start);
  });
});

describe('deposits and balances collected per week', () => {
  it('buckets UTC hours by their New York date into Monday weeks, fills the gaps, runs to this week', () => {
    const weekly = weeklyCollected(
      [
        { hourUtc: '2026-11-03 15', deposits: 50000, balances: 0 },
        // 02:00 UTC on Tuesday the 17th is still Monday the 16th in New York.
        { hourUtc: '2026-11-17 02', deposits: 10000, balances: 0 },
        { hourUtc: '2026-11-16 18', deposits: 5000, balances: 20000 },
        // 04:30 UTC on Monday the 16th is Sunday the 15th in New York: the week before.
        { hourUtc: '2026-11-16 04', deposits: 0, balances: 700 },
      ],
      '2026-11-20',
    );
    expect(weekly).toEqual([
      { weekStart: '2026-11-02', deposits: 50000, balances: 0 },
      { weekStart: '2026-11-09', deposits: 0, balances: 700 },
      { weekStart: '2026-11-16', deposits: 15000, balances: 20000 },
    ]);
  });

  it('leaves out payments before the season and extends to the current week', () => {
    const weekly = weeklyCollected(
      [
        { hourUtc: '2026-01-10 15', deposits: 0, balances: 99999 }, // last season's removals
        { hourUtc: '2026-11-03 15', deposits: 100, balances: 0 },
      ],
      '2026-11-20',
    );
    expect(weekly.map((w) => w.weekStart)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
    expect(weekly.reduce((s, w) => s + w.balances, 0)).toBe(0);
  });

  it('no payments this season → no weeks; malformed hours are ignored', () => {
    expect(weeklyCollected([], '2026-11-20')).toEqual([]);
    expect(weeklyCollected([{ hourUtc: 'garbage', deposits: 5, balances: 5 }], '2026-11-20')).toEqual([]);
  });
});

describe('the running tally of analytics events', () => {
  const group = (over: Partial<EventGroup>): EventGroup => ({ eventType: 'page_view', converted: false, device: 'mobile', country: 'US', utm: '', referrer: '', count: 1, ...over });

  it('counts page views by device, country and source; conversions from any event marked or typed so', () => {
    const tally = addEventGroups(emptyTally(), [
      group({ count: 3 }),
      group({ device: 'desktop', country: '', referrer: 'https://www.google.com/search?q=a', count: 2 }),
      group({ device: 'tablet', referrer: 'https://www.google.com/search?q=b' }),
      group({ utm: ' QR ', count: 4 }),
      group({ eventType: 'conversion', converted: true, count: 2 }),
      group({ eventType: 'share', count: 5 }),
      group({ eventType: 'page_view', converted: true }),
    ]);
    expect(tally).toEqual({
      pageViews: 11,
      conversions: 3,
      sessions: 0,
      devices: { mobile: 8, desktop: 2, tablet: 1 },
      countries: { US: 9, '': 2 },
      sources: { '\n': 4, '\ngoogle.com': 3, 'qr\n': 4 },
    });
  });

  it('adding groups in two steps gives the same tally as in one', () => {
    const groups = [group({ count: 2 }), group({ utm: 'facebook' }), group({ eventType: 'conversion' })];
    const once = addEventGroups(emptyTally(), groups);
    const twice = addEventGroups(addEventGroups(emptyTally(), groups.slice(0, 1)), groups.slice(1));
    expect(twice).toEqual(once);
  });

  it('turns a tally into the Overview figures', () => {
    const tally = addEventGroups(emptyTally(), [group({ count: 6 }), group({ device: 'desktop', country: 'CA', utm: 'qr', count: 2 }), group({ eventType: 'conversion' })]);
    tally.sessions = 3;
    expect(websiteFromTally(tally)).toEqual({
      pageViews: 8,
      sessions: 3,
      conversions: 1,
      conversionRate: 12.5,
      trafficSources: { qr_code: 2, social_media: 0, google_ad: 0, organic: 0, direct: 6 },
      topCountries: [
        { country: 'US', count: 6 },
        { country: 'CA', count: 2 },
      ],
      devices: { desktop: 2, mobile: 6, tablet: 0 },
      topDevice: 'Mobile',
    });
  });
});

describe("Revenue from each booking's ledger (docs/decisions/045)", () => {
  const live = { status: 'confirmed', payment_status: 'deposit_paid', total_price: 100_000, deposit_amount: 50_000, deposit_paid_at: '2026-11-03 15:00:00.000Z' };

  it('Collected is the money held by every booking, Pending what the counted ones still owe, Expected both', () => {
    const cash = bookingLedger(live, [{ id: 'c1', kind: 'balance', amount: 20_000, status: 'succeeded', method: 'cash' }]).money;
    const kept = bookingLedger({ ...live, status: 'cancelled' }, []).money;
    const hold = bookingLedger({ ...live, status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '' }, []).money;
    const credit = bookingLedger({ ...live, payment_status: 'paid' }, [{ id: 'c2', kind: 'balance', amount: 55_000, status: 'succeeded', method: 'cash' }]).money;
    expect(
      revenueOf([
        { money: cash, counted: true },
        { money: kept, counted: false },
        { money: hold, counted: true },
        { money: credit, counted: true },
      ]),
    ).toEqual({ collected: 70_000 + 50_000 + 0 + 105_000, pending: 30_000 + 100_000, expected: 225_000 + 130_000 });
    // Bookings with the same money, counted once with their number.
    expect(revenueOf([{ money: cash, counted: true, count: 3 }])).toEqual(revenueOf([0, 1, 2].map(() => ({ money: cash, counted: true }))));
    // A hold that ran out counts in nothing.
    expect(revenueOf([{ money: hold, counted: false }])).toEqual({ collected: 0, pending: 0, expected: 0 });
  });

  it('the chart places each payment at the hour it came in, less what reversed it; the held cents add up to paidCents', () => {
    const { movements } = bookingLedger(live, [
      { id: 'c1', kind: 'balance', amount: 20_000, status: 'succeeded', method: 'cash' },
      { id: 'c2', kind: 'balance', amount: 5_000, status: 'voided', method: 'check' },
      { id: 'c3', kind: 'balance_and_damages', amount: 33_500, balance_amount: 30_000, damages_amount: 3_500, status: 'succeeded', refund_status: 'succeeded', refund_amount: 0 },
      { id: 'c4', kind: 'damages', amount: 2_000, status: 'processing' },
    ]);
    const times = new Map([
      ['c1', '2026-11-10 15:00:00.000Z'],
      ['c2', '2026-11-10 16:00:00.000Z'],
      ['c3', '2026-11-12 15:00:00.000Z'],
      ['c4', '2026-11-13 15:00:00.000Z'],
    ]);
    expect(paymentHoursOf(movements, '2026-11-03 15:00:00.000Z', times)).toEqual([
      { hourUtc: '2026-11-03 15', deposits: 50_000, balances: 0 },
      { hourUtc: '2026-11-10 15', deposits: 0, balances: 20_000 },
    ]);
    const held = movements.filter((m: Movement) => m.direction === 'payment').reduce((t, m) => t + heldOf(movements, m.id), 0);
    expect(held).toBe(moneyOf(movements, { totalCents: 100_000, depositCents: 50_000, cancelled: false, kept: 'deposit' }).paidCents);
    // No time, no hour.
    expect(paymentHoursOf(movements, '', new Map())).toEqual([]);
  });
});

describe('mergePaymentHours', () => {
  it('sums by UTC date and the three bands that each fall on one New York date; the weeks are the same', () => {
    const hours = [
      { hourUtc: '2026-11-17 01', deposits: 100, balances: 0 },
      { hourUtc: '2026-11-17 03', deposits: 0, balances: 5 },
      { hourUtc: '2026-11-17 04', deposits: 7, balances: 0 },
      { hourUtc: '2026-11-17 05', deposits: 1, balances: 0 },
      { hourUtc: '2026-11-17 23', deposits: 2, balances: 3 },
    ];
    expect(mergePaymentHours(hours)).toEqual([
      { hourUtc: '2026-11-17 00', deposits: 100, balances: 5 },
      { hourUtc: '2026-11-17 04', deposits: 7, balances: 0 },
      { hourUtc: '2026-11-17 05', deposits: 3, balances: 3 },
    ]);
    expect(weeklyCollected(mergePaymentHours(hours), '2026-11-20')).toEqual(weeklyCollected(hours, '2026-11-20'));
  });
});
