/**
 * The policy says one thing everywhere (docs/decisions/045; domain/booking/policy.ts): the
 * confirmation e-mail and the manage page of a booking made for the next morning promise no
 * online change it cannot have, and once online cancelling is closed the page says what still
 * can be done and whom to call; within the window, the page says until when everything paid is
 * refunded, never 'refunded in full' above 'nonrefundable'.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS } from '../../domain/business';
import { checkout, setVisitNotice } from './fixtures';
import { callFn, clearCollections, superuser } from './support';

const su = superuser();
// Files of one server run one after another; an earlier one may have left a booking on these slots.
beforeEach(() => clearCollections('bookings', 'blocked_dates'));

/** A demo booking paid now (the server's frozen Friday 2026-11-20, noon in New York), its confirmation and manage token. */
async function paidBooking(installDate: string, removalDate: string) {
  const res = await checkout({ installDate, removalDate, customerEmail: `policy.${Math.random().toString(36).slice(2)}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  const id = res.body.bookingId as string;
  const [confirmation] = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'booking_confirmation'", { id }) });
  const token = /\/my-booking\?token=([A-Za-z0-9_-]+)/.exec(confirmation?.body ?? '')?.[1];
  expect(token).toBeTruthy();
  const view = await callFn('POST', '/api/fn/my-booking', { token });
  expect(view.status).toBe(200);
  return { id, letter: confirmation!.body as string, view: view.body };
}

describe('one policy, one set of sentences', () => {
  it('a booking for the next morning is promised no online reschedule or cancel, and told whom to call', async () => {
    // A customer may book the next morning only when the owner sets no notice
    // (domain/schedule/notice.ts; 48 hours by default).
    const restoreNotice = await setVisitNotice(0);
    let paid: Awaited<ReturnType<typeof paidBooking>>;
    try {
      paid = await paidBooking('2026-11-21', '2026-12-29');
    } finally {
      await restoreNotice();
    }
    const { letter, view } = paid;
    expect(view.options).toMatchObject({ cancel: false, moveInstall: false });
    for (const text of [letter, view.policies.join('\n'), view.cancelNotice]) {
      expect(text).not.toMatch(/You may (reschedule|cancel)/);
      expect(text).toMatch(/less than 48 hours away/);
      expect(text).toContain(BUSINESS.phone);
    }
  });

  it('within the window, the page and the letter give the same deadline; the deposit sentence says when it is refunded and when not', async () => {
    const { letter, view } = await paidBooking('2026-12-19', '2027-01-05');
    expect(view.options.cancel).toBe(true);
    expect(view.cancelNotice).toMatch(/^You may cancel online until Monday, November 23, 2026 at 12 PM: everything you have paid is then refunded/);
    expect(letter).toContain('You may cancel online until Monday, November 23, 2026 at 12 PM');
    for (const text of [letter, view.policies.join('\n')]) {
      expect(text).toContain('It is refunded in full if you cancel within 72 hours of booking');
      expect(text).not.toMatch(/deposit[^.]*is nonrefundable\./);
    }
  });
});
