/**
 * The renewal e-mail's 'Reserve my week again' link (domain/customers/renewals.ts; the token is
 * renewal-tokens.ts renewalToken, only its SHA-256 stored in `renewals.token_hash`):
 * - GET /api/fn/renewal?token=… (anyone; a per-IP limit for guests, pb_migrations/1732000810)
 *   → 200 the wizard's prefill (renewals.ts RenewalPrefill: name, email, phone, address,
 *   packageSlug, treeSize, addons { id: quantity }, luxeFinish, removalRequested, extraTree,
 *   keepOrnaments, installDate, installSlot, removalDate, removalSlot ('' when none proposed),
 *   season, earlyBird { until, label } | null). 404 'This link is not valid.' for a malformed or
 *   unknown token, a season whose installations are over, or a booking since deleted.
 * - renewalOpensSeason: the checkout takes the token too (`renewalToken` beside `bookingData`),
 *   so a returning customer books before "Public booking opens" (that is what renewals are
 *   for); the slot is still taken through checkout as any booking's.
 */
import { renewalPrefill } from '@domain/customers/renewals';
import { seasonYearOfDate } from '@domain/schedule/seasons';
import { jsonObjects } from '../json-fields';
import { today } from '../clock';
import { apiError, queryParam } from '../http';
import { tokenHashOf } from '../my-booking/manage-links';
import { loadSeasonRecords } from '../settings';
import { TOKEN_SHAPE } from './renewal-tokens';

/** The one answer for every kind of dead link. */
export const RENEWAL_LINK_INVALID = 'This link is not valid.';

/** The `renewals` row `token` opens, or null (malformed, unknown): found by its hash, compared again in constant time. */
export function renewalForToken(app: CoreApp, token: unknown): core.Record | null {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
  const hash = tokenHashOf(token);
  const row = app.findRecordsByFilter('renewals', 'token_hash = {:h}', '', 1, 0, { h: hash } as unknown as dbx.Params)[0] ?? null;
  return row && $security.equal(row.getString('token_hash'), hash) ? row : null;
}

/** Whether renewal token `token` opens the season of an installation on `installDate` (early booking for a returning customer). */
export function renewalOpensSeason(app: CoreApp, token: unknown, installDate: string): boolean {
  const row = renewalForToken(app, token);
  return !!row && /^\d{4}-\d{2}-\d{2}$/.test(installDate) && row.getInt('season') === seasonYearOfDate(installDate);
}

export function renewalLinkRoute(e: core.RequestEvent): void {
  const row = renewalForToken($app, queryParam(e, 'token'));
  if (!row) throw apiError(404, RENEWAL_LINK_INVALID);
  const t = today();
  const season = loadSeasonRecords($app).find((s) => s.year === row.getInt('season'));
  if (!season || t > season.install.end) throw apiError(404, RENEWAL_LINK_INVALID);
  let b: core.Record;
  try {
    b = $app.findRecordById('bookings', row.getString('booking'));
  } catch {
    throw apiError(404, RENEWAL_LINK_INVALID);
  }
  const contact = { name: b.getString('customer_name'), email: b.getString('customer_email'), phone: b.getString('customer_phone'), address: b.getString('customer_address') };
  const last = {
    package_type: b.getString('package_type'),
    tree_size: b.getString('tree_size'),
    selected_addons: jsonObjects(b, 'selected_addons').map((a) => ({ id: String(a.id), quantity: typeof a.quantity === 'number' ? a.quantity : undefined })),
    luxe_finish: b.getBool('luxe_finish'),
    removal_service: b.getBool('removal_service'),
    extra_tree: b.getBool('extra_tree'),
    keep_ornaments: b.getBool('keep_ornaments'),
  };
  const proposal = {
    installDate: row.getString('proposed_install_date'),
    installSlot: row.getString('proposed_install_slot'),
    removalDate: row.getString('proposed_removal_date'),
    removalSlot: row.getString('proposed_removal_slot'),
  };
  return e.json(200, renewalPrefill(contact, last, proposal, season, t));
}
