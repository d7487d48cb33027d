/**
 * The reminder e-mail the day before a visit (docs/decisions/028): the date, the slot and its
 * arrival window, the address, how to prepare (with the customer's parking instructions), the
 * balance due on installation day, and the manage link. Keyed by booking and visit version
 * (visit, date, slot), so each visit and time is reminded once and a moved visit again.
 */
import { manageSection, VISIT_PREPARATION, visitWindowText, type LetterSection } from '@domain/mail/letter';
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import type { DueReminder } from '@domain/mail/reminders';
import { bookingReference } from '@domain/mail/receipts';
import { manageButtons } from './booking-confirmation';
import { bookingBalanceOf } from '../ledger-records';
import { composeMail } from './compose';
import { mailKey, type QueuedMail } from './mail-outbox';
import { VISIT_REMINDER_KIND } from './outbox-checks';
import { bookingField } from '../booking-row';

/** The outbox key of reminder `due`. */
export function reminderKey(due: Pick<DueReminder, 'bookingId' | 'version'>): string {
  return mailKey(VISIT_REMINDER_KIND, due.bookingId, due.version);
}

/** The reminder of `due` for booking record `r` (its balance its ledger's, charges read in `tx`; docs/decisions/061), with the manage link `manageUrl`. */
export function visitReminderMail(tx: CoreApp, r: core.Record, due: DueReminder, manageUrl: string): QueuedMail {
  const what = due.visit === 'install' ? 'installation' : 'removal';
  const reference = bookingReference(r.id);
  const balance = bookingBalanceOf(tx, r);
  const parking = bookingField(r, 'parking_instructions');
  const sections: LetterSection[] = [
    {
      lines: [
        `This is a reminder of your ${what} tomorrow.`,
        `${what === 'installation' ? 'Installation' : 'Removal'}: ${formatLongDate(due.date)}, ${visitWindowText(due.timeSlot)}`,
        `Address: ${r.getString('customer_address')}`,
        `Booking reference: ${reference}`,
      ],
    },
    { heading: 'Before we arrive', lines: [...VISIT_PREPARATION, ...(parking ? [`Your parking instructions: ${parking}`] : [])], list: true },
    ...(due.visit === 'install' && balance > 0
      ? [{ heading: 'Balance', lines: [`Balance due on installation day: ${formatCents(balance)}, by cash, check or card on site, or online now from your booking page (link below).`] }]
      : []),
    manageSection(manageUrl),
  ];
  const body = composeMail(`Hello ${r.getString('customer_name')},`, sections, `See you tomorrow! Questions? Reply to this e-mail or call ${BUSINESS.phone}.`, {
    title: `Your ${what} is tomorrow`,
    facts: [
      { label: what === 'installation' ? 'Installation' : 'Removal', value: `${formatLongDate(due.date)}, ${visitWindowText(due.timeSlot)}` },
      { label: 'Address', value: r.getString('customer_address') },
      { label: 'Booking reference', value: reference },
    ],
    buttons: manageButtons(manageUrl, true),
  });
  return {
    key: reminderKey(due),
    to: r.getString('customer_email'),
    subject: `Reminder: your ${what} tomorrow, ${formatLongDate(due.date)} (${reference})`,
    ...body,
    kind: VISIT_REMINDER_KIND,
    relatedId: r.id,
  };
}
