/**
 * GET /api/fn/review-link?token=… (docs/architecture.md "Server interface"; docs/product.md §2 Submit review, §5
 * Reviews): validates a review link and returns the service details the page shows.
 *
 * 200 { customerName, packageTitle, treeSize (display label), serviceDate (YYYY-MM-DD or ''),
 * reviewStage, googleReviewUrl? }: googleReviewUrl, the business's Google review page (settings
 * key google_review_url, an https URL: domain/admin/site-settings.ts), only when the owner set one; the
 * page offers it after a 5-star review. 400 with docs/product.md's exact message for a missing, unknown, used or expired link.
 * Never returns the e-mail address or anything about other reviews.
 */
import { findPackage, isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';
import { settingValueProblem } from '@domain/admin/site-settings';
import { nowMs } from '../clock';
import { badRequest, queryParam } from '../http';
import { checkReviewToken } from './review-links';

/** The stored Google review link, or '' when none is set (or the stored one no longer passes the check). */
function googleReviewUrl(app: CoreApp): string {
  const rows = app.findRecordsByFilter('settings', "key = 'google_review_url'", '', 1, 0);
  let value: unknown;
  try {
    value = rows[0] ? JSON.parse(rows[0].getString('value') || '""') : '';
  } catch {
    return ''; // malformed: no link rather than a broken one
  }
  return typeof value === 'string' && !settingValueProblem('google_review_url', value) ? value : '';
}

export function reviewLinkRoute(e: core.RequestEvent): void {
  const checked = checkReviewToken($app, queryParam(e, 'token'), nowMs());
  if (!checked.ok) throw badRequest(checked.message);
  const r = checked.record;
  const size = r.getString('tree_size');
  const google = googleReviewUrl($app);
  return e.json(200, {
    customerName: r.getString('customer_name'),
    packageTitle: findPackage(r.getString('package_type'))?.title ?? r.getString('package_type'),
    treeSize: isTreeSize(size) ? TREE_SIZE_INFO[size].label : size,
    serviceDate: r.getString('service_date'),
    reviewStage: r.getString('review_stage'),
    ...(google ? { googleReviewUrl: google } : {}),
  });
}
