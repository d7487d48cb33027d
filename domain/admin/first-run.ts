/**
 * The Overview's first-run checklist (docs/product.md §2 Admin dashboard; docs/decisions/059):
 * what a new owner sets up before the first season, each line ticked once done, the list gone
 * when every line is. Pure.
 */

/** What the checklist is worked out from. */
export interface FirstRunFacts {
  /** The admin app is installed on this device (or the owner marked it done). */
  installed: boolean;
  /** The address e-mails are sent from (PocketBase's sender, set from MAIL_FROM). */
  senderAddress: string;
  /** The signed-in admin's own e-mail (where "Forgot password?" sends its link). */
  adminEmail: string;
  /** A season has been saved (a `seasons` record exists). */
  seasonSaved: boolean;
}

export type FirstRunStepId = 'install' | 'mail' | 'season';

export interface FirstRunStep {
  id: FirstRunStepId;
  label: string;
  done: boolean;
}

/**
 * Whether `address` is no real mailbox: empty, or on localhost, a `.local` name or example.com
 * (.org, .net), the defaults a server starts with (DEFAULT_ADMIN_EMAIL, PocketBase's sender).
 */
export function isPlaceholderAddress(address: string): boolean {
  const at = address.trim().lastIndexOf('@');
  if (at < 1) return true;
  const domain = address
    .trim()
    .slice(at + 1)
    .toLowerCase();
  return domain === 'localhost' || domain.endsWith('.local') || /^example\.(com|org|net)$/.test(domain);
}

/** The checklist's lines, in the order to do them. */
export function firstRunSteps(f: FirstRunFacts): FirstRunStep[] {
  return [
    { id: 'install', label: 'Install the app on your phone', done: f.installed },
    { id: 'mail', label: "The business's sender address and your admin e-mail", done: !isPlaceholderAddress(f.senderAddress) && !isPlaceholderAddress(f.adminEmail) },
    { id: 'season', label: 'Your first season', done: f.seasonSaved },
  ];
}

/** Whether the checklist is shown: until every line is done. */
export function firstRunOpen(f: FirstRunFacts): boolean {
  return firstRunSteps(f).some((s) => !s.done);
}
