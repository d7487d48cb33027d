/**
 * What `mail_log` keeps of a sent e-mail (docs/decisions/021, 027): the manage link's token
 * opens the booking, so once the message has left over SMTP its stored copy (body and html) no
 * longer carries it; the customer's e-mail keeps the link. A message only logged (no SMTP
 * configured) keeps it: its row is the only copy.
 */

/** The text standing for a removed token. */
export const REDACTED_TOKEN = 'removed-after-sending';

/** `text` with every manage link's token (a booking's or a consultation's, the waitlist's offer and leave links) replaced by REDACTED_TOKEN (the 'Add to calendar' link carries it too). */
export function redactManageTokens(text: string): string {
  return text.replace(/((?:\/my-booking|\/my-consultation|\/waitlist\/offer|\/waitlist\/leave|\/api\/fn\/visits\.ics)\?token=)[A-Za-z0-9_-]+/g, `$1${REDACTED_TOKEN}`);
}
