/**
 * The customer's e-mail when the owner blocked the day of one of their visits and chose to tell
 * them in her own words (domain/commands/blocked-day-command.ts). Keyed by booking, day and
 * words, so the same message for the same day is sent once.
 */
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/schedule/calendar';
import type { BlockedDayMail } from '@domain/commands/blocked-day-command';
import { visitName } from '@domain/schedule/slots';
import { composeMail } from './compose';
import { mailKey, type QueuedMail } from './mail-outbox';

/** The e-mail of `m` to the customer of booking `b`. */
export function blockedDayMail(b: core.Record, m: BlockedDayMail): QueuedMail {
  const when = formatLongDate(m.date);
  const body = composeMail(
    `Hello ${b.getString('customer_name')},`,
    [{ heading: `About your ${visitName(m.visit)} on ${when}`, lines: m.message.split('\n') }],
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
  );
  return {
    key: mailKey('blocked_day', b.id, `${m.date}:${$security.sha256(m.message).slice(0, 16)}`),
    to: b.getString('customer_email'),
    subject: `About your ${visitName(m.visit)} on ${when}`,
    ...body,
    kind: 'blocked_day',
    relatedId: b.id,
  };
}
