/**
 * Keeps `testimonials.public_name` (the name a published review shows, docs/product.md §2
 * Testimonials; domain/reviews/reviews.ts publicReviewerName) in step with `customer_name` on every save,
 * whoever saves: the review-request route, the admin or a superuser.
 */
import { publicReviewerName } from '@domain/reviews/reviews';

/** onRecordCreate / onRecordUpdate for `testimonials`. */
export function setPublicReviewerName(e: core.RecordEvent): void {
  e.record!.set('public_name', publicReviewerName(e.record!.getString('customer_name')));
  e.next();
}
