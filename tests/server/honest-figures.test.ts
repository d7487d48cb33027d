/**
 * Honest figures (docs/decisions/039): the Overview's conversions come only from deposits the
 * server confirmed; anonymous visitors record page views and shares with bounded fields, never
 * a conversion, a `converted` flag or a country; the admin's pages record nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { checkout } from './fixtures';
import { anonymous, callFn, callFnAs, clearCollections, request, superuser } from './support';

const EVENTS = '/api/collections/analytics_events/records';
let admin: SignedInStaff;

const insights = async () => (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body.website;
const events = () => superuser().collection('analytics_events').getFullList({ sort: 'created_at' });
const postEvent = (body: Record<string, unknown>) => request({ route: EVENTS, body });

beforeEach(async () => {
  await clearCollections('analytics_events', 'bookings', 'staff');
  admin = await signedInStaff('admin');
  const anon = anonymous();
  for (const session of ['a1', 'a2']) await anon.collection('analytics_events').create({ event_type: 'page_view', page_path: '/', session_id: session });
});

describe('anonymous events', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a conversion', { event_type: 'conversion', page_path: '/booking/success', converted: true, session_id: 'a1' }],
    ['an unknown type', { event_type: 'purchase', page_path: '/booking/success', converted: true }],
    ['a view of an admin page', { event_type: 'page_view', page_path: '/admin/dashboard' }],
    ['a view of the setup page', { event_type: 'page_view', page_path: '/setup-admin' }],
  ])('%s is refused with 400, and the Overview is unchanged', async (_name, body) => {
    const before = await insights();
    const res = await postEvent(body);
    expect(res.status).toBe(400);
    expect(await events()).toHaveLength(2);
    expect(await insights()).toEqual(before);
  });

  it('a page view or share saying converted: true, with a country, is stored without either; the Overview counts no conversion', async () => {
    const before = await insights();
    for (const body of [
      { event_type: 'page_view', page_path: '/services', converted: true, location_country: 'Narnia', session_id: 'a1' },
      { event_type: 'share', page_path: '/portfolio', converted: true, location_country: 'US', session_id: 'a1' },
    ]) {
      expect((await postEvent(body)).status).toBe(200);
    }
    const stored = (await events()).slice(2);
    expect(stored.map((e) => [e.event_type, e.converted, e.location_country])).toEqual([
      ['page_view', false, ''],
      ['share', false, ''],
    ]);
    const after = await insights();
    expect(after).toMatchObject({ pageViews: before.pageViews + 1, conversions: 0, conversionRate: 0 });
    expect(after.topCountries).toEqual([{ country: 'Unknown', count: 3 }]);
  });

  it('long fields are cut to their limits', async () => {
    expect((await postEvent({ event_type: 'page_view', page_path: `/${'a'.repeat(600)}`, referrer: 'r'.repeat(1200), utm_source: 'u'.repeat(300) })).status).toBe(200);
    const [e] = (await events()).slice(2);
    expect([e!.page_path.length, e!.referrer.length, e!.utm_source.length]).toEqual([500, 1000, 200]);
  });
});

describe('conversions from verified payments', () => {
  it('a paid deposit records one conversion, however often the payment is reported', async () => {
    const before = await insights();
    const { sessionId, bookingId } = (await checkout()).body;
    // Not paid yet: nothing.
    expect((await events()).filter((e) => e.event_type === 'conversion')).toEqual([]);

    expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId })).status).toBe(200);
    await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId });
    await callFn('POST', '/api/fn/verify-booking-payment', { sessionId });

    const conversions = (await events()).filter((e) => e.event_type === 'conversion');
    expect(conversions).toHaveLength(1);
    expect(conversions[0]).toMatchObject({ page_path: '/booking/success', converted: true, location_country: '', metadata: { booking_id: bookingId, session_id: sessionId } });
    expect(await insights()).toMatchObject({ pageViews: before.pageViews, conversions: 1, conversionRate: 50 });
  });

  it('an abandoned checkout records none', async () => {
    const { sessionId } = (await checkout()).body;
    await callFn('POST', '/api/fn/demo-checkout/cancel', { sessionId });
    expect((await insights()).conversions).toBe(0);
  });
});
