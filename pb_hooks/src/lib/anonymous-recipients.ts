/**
 * Anonymous forms' e-mails, counted per connection by distinct address (docs/architecture.md
 * "Anonymous forms' e-mails"): the waitlist join, the consultation request and 'E-mail me my
 * link' each e-mail an address nobody has confirmed, so one connection may make them e-mail at
 * most ANONYMOUS_RECIPIENTS.addresses different addresses an hour; the same address again is
 * always let through (the forms' own per-address limits stand). Stored in
 * `anonymous_recipients` (pb_migrations/1732000960): the IP, the address's SHA-256, the instant;
 * rows older than the hour are deleted as new ones come. Off with RATE_LIMITS=off, like the
 * other per-caller limits (http.ts callerLimitsEnabled).
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking/ownership';
import { customerKey } from '@domain/customers/customer-key';
import { apiError, callerLimitsEnabled } from './http';

/** How many different addresses one connection's anonymous forms may e-mail, and over how long (ms). */
export const ANONYMOUS_RECIPIENTS = { addresses: 3, windowMs: 60 * 60 * 1000 } as const;

/**
 * In transaction `tx`: lets connection `ip` have an anonymous form e-mail `email` at `nowMs`
 * (epoch ms) and records it, or throws the 429 OWNERSHIP_MESSAGES.tooManyAddresses when that would make more
 * than ANONYMOUS_RECIPIENTS.addresses different addresses within the window. Nothing is
 * counted for an unknown IP, an empty address, or with the limits off. Thrown inside the
 * caller's transaction, the refusal rolls back whatever it wrote.
 */
export function admitAnonymousRecipient(tx: CoreApp, ip: string, email: string, nowMs: number): void {
  const key = customerKey(email);
  if (!callerLimitsEnabled() || !ip || !key) return;
  const since = nowMs - ANONYMOUS_RECIPIENTS.windowMs;
  tx.db()
    .newQuery('DELETE FROM anonymous_recipients WHERE at <= {:since}')
    .bind({ since } as unknown as dbx.Params)
    .execute();
  const hash = $security.sha256(key);
  const rows = tx.findRecordsByFilter('anonymous_recipients', 'client_ip = {:ip} && at > {:since}', '', 0, 0, { ip, since } as unknown as dbx.Params);
  const seen = new Set(rows.map((r) => r!.getString('address_hash')));
  if (seen.has(hash)) return;
  if (seen.size >= ANONYMOUS_RECIPIENTS.addresses) throw apiError(429, OWNERSHIP_MESSAGES.tooManyAddresses);
  const rec = new Record(tx.findCachedCollectionByNameOrId('anonymous_recipients'));
  rec.load({ client_ip: ip, address_hash: hash, at: nowMs });
  tx.save(rec);
}
