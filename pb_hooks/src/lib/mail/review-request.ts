/**
 * The review-request e-mail (SPEC.md §7 send-review-request): a personal `/submit-review?token=…`
 * link for one booking and stage, with the date it stops working. Recorded in mail_log under the
 * testimonial's id with kind `review_request`; never throws.
 */
import { BUSINESS } from '@domain/business';
import { businessToday, formatLongDate } from '@domain/calendar';
import { REVIEW_STAGE_LABELS, type ReviewStage } from '@domain/reviews';
import { escapeHtml, sendMail, type MailStatus } from './send-mail';

export interface ReviewRequestMail {
  testimonialId: string;
  to: string;
  customerName: string;
  /** e.g. "Elevated Arbor, 7.5–9 ft" */
  serviceLine: string;
  stage: ReviewStage;
  url: string;
  /** Epoch ms after which the link no longer works. */
  expiresAtMs: number;
}

/** E-mails the review link to the customer; returns how the send went (mail_log status). */
export function sendReviewRequestMail(app: CoreApp, m: ReviewRequestMail): MailStatus {
  const until = formatLongDate(businessToday(new Date(m.expiresAtMs)));
  const moment = m.stage === 'post_install' ? 'your tree installation' : 'your tree removal';
  const text = [
    `Hello ${m.customerName},`,
    '',
    `Thank you for choosing ${BUSINESS.name} this season. We would love to hear how ${moment} went (${m.serviceLine}).`,
    '',
    'Leave your review here (it takes two minutes):',
    m.url,
    '',
    `This personal link can be used once and works until ${until}.`,
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(m.customerName)},</p>
<p>Thank you for choosing ${escapeHtml(BUSINESS.name)} this season. We would love to hear how ${moment} went (${escapeHtml(m.serviceLine)}).</p>
<p><a href="${escapeHtml(m.url)}">Leave your review</a></p>
<p>This personal link can be used once and works until ${escapeHtml(until)}. Questions? Reply to this e-mail or call ${escapeHtml(BUSINESS.phone)}.</p>`;
  return sendMail(app, {
    to: m.to,
    subject: `How did we do? Review your ${BUSINESS.name} service (${REVIEW_STAGE_LABELS[m.stage].toLowerCase()})`,
    html,
    text,
    kind: 'review_request',
    relatedId: m.testimonialId,
  });
}
