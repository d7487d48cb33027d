/**
 * The review-request e-mail (docs/product.md §7 send-review-request): a personal `/submit-review?token=…`
 * link for one booking and stage, with the date it stops working, under the testimonial's id
 * with kind `review_request`, for the mail outbox (mail-outbox.ts).
 */
import { BUSINESS } from '@domain/business';
import { businessToday, formatLongDate } from '@domain/schedule/calendar';
import type { ReviewRequestMailData } from '@domain/commands/review-request-command';
import { REVIEW_STAGE_LABELS } from '@domain/reviews/reviews';
import { mailKey, type QueuedMail } from './mail-outbox';
import { composeMail } from './compose';

/** The e-mail's facts (domain/commands/review-request-command.ts decides them), without the token. */
export type ReviewRequestMail = Omit<ReviewRequestMailData, 'token'>;

/**
 * The e-mail with review link `m.url`; its key's version is the link's token, so a renewed
 * link is a new message and a replay of one change is not.
 */
export function reviewRequestMail(m: ReviewRequestMail, token: string): QueuedMail {
  const until = formatLongDate(businessToday(new Date(m.expiresAtMs)));
  const moment = m.stage === 'post_install' ? 'your tree installation' : 'your tree removal';
  const body = composeMail(
    `Hello ${m.customerName},`,
    [
      { lines: [`Thank you for choosing ${BUSINESS.name} this season. We would love to hear how ${moment} went (${m.serviceLine}).`] },
      { lines: ['Leave your review here (it takes two minutes).'], link: { label: 'Leave your review', url: m.url } },
      { lines: [`This personal link can be used once and works until ${until}.`] },
    ],
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
    { title: 'How did we do?', facts: [{ label: 'Your service', value: m.serviceLine }], buttons: [{ label: 'Leave your review', url: m.url }] },
  );
  return {
    key: mailKey('review_request', m.testimonialId, token),
    to: m.to,
    subject: `How did we do? Review your ${BUSINESS.name} service (${REVIEW_STAGE_LABELS[m.stage].toLowerCase()})`,
    ...body,
    kind: 'review_request',
    relatedId: m.testimonialId,
  };
}
