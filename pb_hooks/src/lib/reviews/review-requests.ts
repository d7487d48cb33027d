/**
 * Review requests (docs/product.md §4 Review, §7 send-review-request): the placeholder testimonial with
 * a random token and an expiry, and the e-mail with its link, for the scheduled job (the
 * admin's send-review-request route makes the same placeholder through its command,
 * domain/commands/review-request-command.ts); the unique index on (booking,
 * review_stage) means one placeholder per booking and stage, ever.
 */
import { findPackage, isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';
import { PLACEHOLDER_REVIEW_TEXT, REVIEW_LINK_DAYS, REVIEW_TOKEN_LENGTH, type ReviewStage } from '@domain/reviews';
import { nowMs, toPbDate } from '../clock';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { reviewRequestMail } from '../mail/review-request';
import type { MailStatus } from '../mail/send-mail';

/** What happened to a request for one booking and stage. */
export type ReviewRequestOutcome =
  /** `mail`: how the e-mail went right away ('queued': the mail outbox retries it). */
  | { sent: true; kind: 'created' | 'renewed'; testimonialId: string; reviewUrl: string; expiresAt: string; mail: MailStatus | 'queued' }
  | { sent: false; kind: 'exists' | 'submitted'; testimonialId: string };

/** "Elevated Arbor, 7.5–9 ft" for a booking or testimonial record. */
export function serviceLine(packageType: string, treeSize: string): string {
  const title = findPackage(packageType)?.title ?? packageType;
  const size = isTreeSize(treeSize) ? TREE_SIZE_INFO[treeSize].label : treeSize;
  return [title, size].filter(Boolean).join(', ');
}

function findPlaceholder(app: CoreApp, bookingId: string, stage: ReviewStage): core.Record | null {
  const found = app.findRecordsByFilter('testimonials', 'booking = {:booking} && review_stage = {:stage}', '', 1, 0, { booking: bookingId, stage } as unknown as dbx.Params);
  return found[0] ?? null;
}

/**
 * Makes sure `booking` has a review link for `stage` and e-mails it when one was made:
 * - none yet → a placeholder (rating 0, 'Pending review submission', a new token valid for
 *   REVIEW_LINK_DAYS) is created → `created`;
 * - an unsubmitted one and `renew` → its token is replaced and the expiry restarted (the old
 *   link stops working) → `renewed`; without `renew` → `exists` and nothing is sent;
 * - a submitted one → `submitted` and nothing is sent.
 * The check, the write and the queued e-mail are one transaction; the e-mail is sent right
 * after it (mail/mail-outbox.ts).
 */
export function requestReview(app: CoreApp, booking: core.Record, stage: ReviewStage, origin: string, renew: boolean): ReviewRequestOutcome {
  const token = $security.randomString(REVIEW_TOKEN_LENGTH);
  const expiresAtMs = nowMs() + REVIEW_LINK_DAYS * 86_400_000;
  const expiresAt = toPbDate(expiresAtMs);
  let kind = 'exists' as ReviewRequestOutcome['kind'];
  let testimonialId = '';

  const reviewUrl = `${origin}/submit-review?token=${token}`;
  let mailId = '';
  const queueLink = (tx: CoreApp) => {
    const mail = {
      testimonialId,
      to: booking.getString('customer_email'),
      customerName: booking.getString('customer_name'),
      serviceLine: serviceLine(booking.getString('package_type'), booking.getString('tree_size')),
      stage,
      url: reviewUrl,
      expiresAtMs,
    };
    mailId = queueMail(tx, reviewRequestMail(mail, token));
  };

  app.runInTransaction((tx) => {
    const existing = findPlaceholder(tx, booking.id, stage);
    if (existing) {
      testimonialId = existing.id;
      if (existing.getString('submitted_at')) {
        kind = 'submitted';
        return;
      }
      if (!renew) return;
      existing.set('review_token', token);
      existing.set('token_expires_at', expiresAt);
      tx.save(existing);
      queueLink(tx);
      kind = 'renewed';
      return;
    }
    const rec = new Record(tx.findCollectionByNameOrId('testimonials'));
    const serviceDate = stage === 'post_install' ? booking.getString('install_date') : booking.getString('removal_date') || booking.getString('install_date');
    rec.load({
      customer_name: booking.getString('customer_name'),
      customer_email: booking.getString('customer_email'),
      booking: booking.id,
      rating: 0,
      review_text: PLACEHOLDER_REVIEW_TEXT,
      package_type: booking.getString('package_type'),
      tree_size: booking.getString('tree_size'),
      service_date: serviceDate,
      review_stage: stage,
      is_approved: false,
      is_featured: false,
      review_token: token,
      token_expires_at: expiresAt,
    });
    tx.save(rec);
    testimonialId = rec.id;
    queueLink(tx);
    kind = 'created';
  });

  if (kind === 'exists' || kind === 'submitted') return { sent: false, kind, testimonialId };
  const [mail = 'queued'] = deliverMail(app, [mailId]);
  return { sent: true, kind, testimonialId, reviewUrl, expiresAt, mail };
}
