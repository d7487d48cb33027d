/**
 * The renewal e-mail (domain/mail/renewal-letter.ts says what it says; the renewals job queues
 * it, lib/customers/renewals-job.ts): under the renewal row's id with kind `renewal`, for the mail
 * outbox (mail-outbox.ts). A marketing e-mail, so it carries the one-click unsubscribe headers
 * (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post); transactional mail carries none.
 */
import { renewalSections, renewalSubject, renewalVisitLines, RESERVE_AGAIN_LABEL, type RenewalLetter } from '@domain/mail/renewal-letter';
import { BUSINESS } from '@domain/business';
import { factsOf } from '../mail/layout';
import { composeMail } from '../mail/compose';
import { mailKey, type QueuedMail } from '../mail/mail-outbox';
import { RENEWAL_KIND } from './renewal-mail-checks';

/**
 * The e-mail of renewal row `renewalId` to `to`; `oneClickUrl` is the unsubscribe route's
 * address (POST, RFC 8058), `l.unsubscribeUrl` the page a person opens.
 */
export function renewalMail(renewalId: string, to: string, l: RenewalLetter, oneClickUrl: string): QueuedMail {
  const body = composeMail(`Hello ${l.customerName},`, renewalSections(l), `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`, {
    title: `Christmas ${l.season}: your week again`,
    facts: factsOf(renewalVisitLines(l)),
    buttons: [{ label: RESERVE_AGAIN_LABEL, url: l.reserveUrl }],
  });
  return {
    key: mailKey(RENEWAL_KIND, renewalId, l.season),
    to,
    subject: renewalSubject(l.season),
    ...body,
    kind: RENEWAL_KIND,
    relatedId: renewalId,
    headers: { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
