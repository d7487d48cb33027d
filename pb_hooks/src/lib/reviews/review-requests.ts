/**
 * The line naming a booking's service in review requests (docs/product.md §4 Review, §7
 * send-review-request). The placeholder testimonial and its e-mail are made by the
 * send-review-request command (domain/commands/review-request-command.ts,
 * lib/reviews/review-request-route.ts), for the admin and for the daily job alike.
 */
import { findPackage, isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';

/** "Elevated Arbor, 7.5–9 ft" for a booking or testimonial record. */
export function serviceLine(packageType: string, treeSize: string): string {
  const title = findPackage(packageType)?.title ?? packageType;
  const size = isTreeSize(treeSize) ? TREE_SIZE_INFO[treeSize].label : treeSize;
  return [title, size].filter(Boolean).join(', ');
}
