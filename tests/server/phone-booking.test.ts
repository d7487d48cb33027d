/**
 * The owner books a customer who phoned (docs/decisions/037): the wizard's rules and prices from
 * the server, the deposit taken now (cash, check, other: confirmed at once, receipted with the
 * method) or by a Checkout link e-mailed to the customer (the slots held until it is paid), one
 * key one booking, and one owner when a phone booking races a web checkout for a slot. Who may
 * call: tests/server/admin-access.test.ts. The server's clock is 2026-11-20 12:00 (New York), demo mode.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { RECORDED_PAYMENT_MESSAGES } from '../../domain/money/recorded-payments';
import { PHONE_BOOKING_MESSAGES } from '../../domain/booking/phone-booking';
import { signedInStaffHooks } from './admin-fixtures';
import { checkout } from './fixtures';
import { bookingRequest, callFn, clearCollections, request, superuser } from './support';

const su = superuser();
const admin = signedInStaffHooks('admin');
let seq = 0;
beforeEach(() => clearCollections('bookings', 'blocked_dates'));

const book = (key: string, deposit: unknown, over: Record<string, unknown> = {}) =>
  request({ method: 'POST', route: '/api/fn/admin-bookings/create', token: admin.token, headers: { 'Idempotency-Key': key }, body: { bookingData: bookingRequest(over), deposit } });
const mails = (id: string) => su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id }), sort: 'created_at' });
const customer = () => ({ customerEmail: `phone.${++seq}@example.com`, customerName: `Phoebe Phone ${seq}` });

describe('a booking taken by phone', () => {
  it('with a check taken now: confirmed at once, priced as the wizard prices it, receipted with the check; the same key again is the same booking', async () => {
    const who = customer();
    const key = `phone-check-${seq}`;
    const res = await book(key, { method: 'check', checkNumber: '1042' }, { ...who, installDate: '2026-12-04' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const b = res.body.booking;
    expect(b).toMatchObject({
      status: 'confirmed',
      payment_status: 'deposit_paid',
      total_price: 165000,
      deposit_amount: 82500,
      balance_remaining: 82500,
      booked_by: admin.id,
      deposit_method: 'check',
      deposit_check_number: '1042',
    });
    expect(res.body.url).toBe('');
    const sent = await mails(b.id);
    const receipt = sent.find((m) => m.kind === 'receipt');
    expect(receipt!.subject).toMatch(/^Receipt: Deposit of \$825/);
    expect(receipt!.body).toContain('Method: Check no. 1042');
    expect(sent.some((m) => m.to === who.customerEmail && m.kind !== 'receipt' && m.subject.includes('confirmed'))).toBe(true);

    const again = await book(key, { method: 'check', checkNumber: '1042' }, { ...who, installDate: '2026-12-04' });
    expect(again.status).toBe(200);
    expect(again.body.booking.id).toBe(b.id);
    expect(await mails(b.id)).toHaveLength(sent.length);
    expect((await book(key, { method: 'cash' }, { ...who, installDate: '2026-12-04' })).status).toBe(422);
  });

  it('with a link: the slots held for the link, the link e-mailed; paid, confirmed like any checkout', async () => {
    const who = customer();
    const res = await book(`phone-link-${seq}`, 'link', { ...who, installDate: '2026-12-05', removalDate: '2026-12-29' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const b = res.body.booking;
    expect(b).toMatchObject({ status: 'pending_payment', payment_status: 'pending', booked_by: admin.id, deposit_method: '' });
    expect(Date.parse(b.hold_expires_at.replace(' ', 'T')) - Date.parse('2026-11-20T17:00:00Z')).toBe((23 * 60 + 30) * 60_000);
    expect(res.body.url).toMatch(/\/demo-payment\?session_id=demo_cs_/);
    const [link] = (await mails(b.id)).filter((m) => m.kind === 'deposit_link');
    expect(link).toMatchObject({ to: who.customerEmail });
    expect(link!.subject).toMatch(/^Pay your deposit to confirm your booking/);
    expect(link!.body).toContain(res.body.url);
    // Held: a web checkout for the same slot is refused meanwhile.
    expect((await checkout({ installDate: '2026-12-05', removalDate: '2027-01-04', customerEmail: 'web@example.com' })).status).toBe(409);

    const sessionId = new URL(res.body.url).searchParams.get('session_id');
    expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId })).status).toBe(200);
    expect(await su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid', balance_remaining: 82500 });
    expect((await mails(b.id)).find((m) => m.kind === 'receipt')!.body).toContain('Demo payment');
  });

  it('races a web checkout for one slot: one owner', async () => {
    const [phone, web] = await Promise.all([
      book(`phone-race-${++seq}`, { method: 'cash' }, { ...customer(), installDate: '2026-12-06', removalDate: '2027-01-05' }),
      checkout({ installDate: '2026-12-06', removalDate: '2027-01-06', customerEmail: 'racer@example.com' }),
    ]);
    expect([phone.status, web.status].sort()).toEqual([200, 409]);
    const loser = phone.status === 409 ? phone : web;
    expect((loser.body as { message: string }).message).toBe('That installation time slot was just booked by someone else. Please choose another slot.');
    const holders = await su.collection('bookings').getFullList({ filter: "install_date ~ '2026-12-06'" });
    expect(holders).toHaveLength(1);
  });

  it('refuses what the wizard refuses and a missing deposit choice, storing nothing', async () => {
    expect(await book(`phone-bad-1-${++seq}`, undefined, customer())).toMatchObject({ status: 400, body: { message: PHONE_BOOKING_MESSAGES.deposit } });
    expect(await book(`phone-bad-2-${seq}`, { method: 'check' }, customer())).toMatchObject({ status: 400, body: { message: RECORDED_PAYMENT_MESSAGES.checkNumber } });
    expect((await book(`phone-bad-3-${seq}`, { method: 'cash' }, { ...customer(), installDate: '2026-12-10' })).body.message).toBe(
      'Installations are scheduled on Tuesdays, Fridays, Saturdays and Sundays only.',
    );
    expect((await book(`phone-bad-4-${seq}`, { method: 'cash' }, { ...customer(), customerEmail: 'not-an-email' })).status).toBe(400);
    expect((await request({ method: 'POST', route: '/api/fn/admin-bookings/create', token: admin.token, body: { bookingData: bookingRequest(customer()), deposit: 'link' } })).status).toBe(400);
    expect(await su.collection('bookings').getFullList()).toHaveLength(0);
  });

  it('books later today for the owner (a time not yet started), refuses a time already started, and the customers still need their notice', async () => {
    // Friday, November 20, at noon in New York: 9 AM has started, 3 PM has not.
    const avail = (token?: string) => request({ route: '/api/fn/availability?date=2026-11-20&size=7.5-9ft&kind=install&notice=off', token });
    const forOwner = await avail(admin.token);
    expect(forOwner.body, JSON.stringify(forOwner.body)).toMatchObject({ bookable: true, noticeHint: null });
    expect(forOwner.body.slots.map((x: { id: string }) => x.id)).not.toContain('9-15');
    expect(forOwner.body.slots).toContainEqual(expect.objectContaining({ id: '15-21', available: true }));
    // notice=off from anyone else opens no same-day time.
    expect((await avail()).body).toMatchObject({ bookable: false, reason: 'That date has passed. Please choose a date after today.' });

    const later = await book(`phone-today-${++seq}`, { method: 'cash' }, { ...customer(), installDate: '2026-11-20', installTimeSlot: '15-21', removalDate: '2027-01-05' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.booking).toMatchObject({ status: 'confirmed', install_time_slot: '15-21' });
    expect(later.body.booking.install_date).toMatch(/^2026-11-20/);

    const started = await book(`phone-today-${++seq}`, { method: 'cash' }, { ...customer(), installDate: '2026-11-20', installTimeSlot: '9-15', removalDate: '2027-01-06' });
    expect(started).toMatchObject({ status: 400, body: { message: 'That installation time has already started. Please choose a later time.' } });

    // The website's checkout: today is refused, and tomorrow is inside the 48 hours' notice.
    const web = await checkout({ installDate: '2026-11-20', installTimeSlot: '18-21', treeSize: '5-7ft', customerEmail: 'web.today@example.com' });
    expect(web).toMatchObject({ status: 400, body: { message: 'That date has passed. Please choose a date after today.' } });
    const tomorrow = await checkout({ installDate: '2026-11-21', installTimeSlot: '15-21', customerEmail: 'web.tomorrow@example.com' });
    expect(tomorrow).toMatchObject({ status: 409, body: { message: "That installation time is too soon: bookings need 48 hours' notice. Please choose a later time." } });
    expect(await su.collection('bookings').getFullList()).toHaveLength(1);
  });
});
