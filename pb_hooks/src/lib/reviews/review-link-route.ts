/**
 * GET /api/fn/review-link?token=… (docs/architecture.md "Server interface"; docs/product.md §2 Submit review, §5
 * Reviews): validates a review link and returns the service details the page shows.
 *
 * 200 { customerName, packageTitle, treeSize (display label), serviceDate (YYYY-MM-DD or ''),
 * reviewStage }. 400 with docs/product.md's exact message for a missing, unknown, used or expired link.
 * Never returns the e-mail address or anything about other reviews.
 */
import { findPackage, isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';
import { nowMs } from '../clock';
import { badRequest, queryParam } from '../http';
import { checkReviewToken } from './review-links';

export function reviewLinkRoute(e: core.RequestEvent): void {
  const checked = checkReviewToken($app, queryParam(e, 'token'), nowMs());
  if (!checked.ok) throw badRequest(checked.message);
  const r = checked.record;
  const size = r.getString('tree_size');
  return e.json(200, {
    customerName: r.getString('customer_name'),
    packageTitle: findPackage(r.getString('package_type'))?.title ?? r.getString('package_type'),
    treeSize: isTreeSize(size) ? TREE_SIZE_INFO[size].label : size,
    serviceDate: r.getString('service_date'),
    reviewStage: r.getString('review_stage'),
  });
}
