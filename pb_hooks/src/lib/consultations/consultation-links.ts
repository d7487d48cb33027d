/**
 * A consultation's stable manage link (the consultation counterpart of docs/decisions/051;
 * domain/consultations/consultation-link.ts): its token is derived as a booking's is
 * (booking-store/manage-links.ts stableManageToken, kind 'consultation', from the request's id and
 * `link_version`), so it can never open a booking, nor a booking's token a consultation; only its
 * SHA-256 is stored, in `consultation_links` (no API rules), with its expiry: 7 days after the
 * consultation's day, following a move (domain/commands/consultation-manage-command.ts).
 */
import { consultationLinkExpiresAtMs } from '@domain/consultations/consultation-link';
import { toPbDate } from '../clock';
import { apiError } from '../http';
import { SELF_SERVICE_MESSAGES } from '@domain/booking/self-service';
import { liveLinkRow, saveLinkRow, stableManageToken, tokenHashOf, tokenOf } from '../booking-store/manage-links';
import { consultationField } from '../consultation-row';

/**
 * The link of consultation request `c` for an e-mail, through `tx` (the transaction that stores
 * or changes the request): its current token, whose `consultation_links` row is written when
 * missing with the expiry of the request's date as it is now. Returns the raw token, which
 * exists only in the e-mails. Throws when a write fails.
 */
export function issueConsultationToken(tx: CoreApp, c: core.Record): string {
  const token = stableManageToken(tx, c.id, consultationField(c, 'link_version'), 'consultation');
  const hash = tokenHashOf(token);
  const expires = toPbDate(consultationLinkExpiresAtMs(consultationField(c, 'consultation_date')));
  saveLinkRow(tx, 'consultation_links', { consultation: c.id }, hash, expires);
  return token;
}

/** The ids of consultation `id`'s links still in force. */
export function liveConsultationLinkIds(app: CoreApp, id: string): string[] {
  return app.findRecordsByFilter('consultation_links', "consultation = {:c} && revoked_at = ''", '', 0, 0, { c: id } as unknown as dbx.Params).map((l) => l!.id);
}

/** The page a consultation's token opens, on the site the customer asked on. */
export function myConsultationUrl(origin: string, token: string): string {
  return `${origin}/my-consultation?token=${token}`;
}

/**
 * The consultation request `token` opens at `now` (epoch ms), through `app` (a transaction's
 * inside a command), or null for a malformed, unknown, expired or revoked token: the caller
 * gives one answer for all of them. A failed read throws.
 */
export function consultationForToken(app: CoreApp, token: unknown, now: number): core.Record | null {
  const link = liveLinkRow(app, token, now, 'consultation_links');
  if (!link) return null;
  // The relation cascades on delete, so a live row always has its request; a filter read throws instead of hiding a failure.
  return app.findRecordsByFilter('consultation_requests', 'id = {:id}', '', 1, 0, { id: link.getString('consultation') } as unknown as dbx.Params)[0] ?? null;
}

/** The consultation of the token in `body`, or the one 404 for every kind of dead link (the booking links' sentence). */
export function requireConsultation(app: CoreApp, body: Record<string, unknown>, now: number): core.Record {
  const c = consultationForToken(app, tokenOf(body), now);
  if (!c) throw apiError(404, SELF_SERVICE_MESSAGES.invalidLink);
  return c;
}
