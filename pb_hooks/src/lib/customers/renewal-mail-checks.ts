/**
 * Whether a queued renewal e-mail (lib/mail/renewal.ts) is still to be sent when the mail outbox
 * reaches it (mail-outbox.ts, through outbox-checks.ts stillWanted): not when its customer
 * unsubscribed meanwhile, nor when the renewal row is gone or was erased
 * (domain/customers/renewals.ts; docs/decisions/054). Reads only: no import of the outbox or the
 * command runner, which import this.
 */

/** The outbox kind of a renewal e-mail. */
export const RENEWAL_KIND = 'renewal';

/** True while renewal row `renewalId`'s customer still wants it. */
export function renewalStillWanted(app: CoreApp, renewalId: string): boolean {
  let key: string;
  try {
    const row = app.findRecordById('renewals', renewalId);
    key = row.getString('email_key');
    if (!row.getString('token_hash')) return false; // erased
  } catch {
    return false; // deleted
  }
  const customer = app.findRecordsByFilter('customers', 'email_key = {:k}', '', 1, 0, { k: key } as unknown as dbx.Params)[0];
  return !customer?.getString('unsubscribed_at');
}
