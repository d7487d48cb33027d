/**
 * POST /api/fn/setup-admin, open (SPEC.md §2 Admin login and setup; DESIGN.md decision 9;
 * docs/decisions/012): creates the first admin, a `staff` record with role admin, only while no
 * admin exists. No body is needed. The e-mail is ADMIN_EMAIL (default
 * DEFAULT_ADMIN_EMAIL); the password is generated here from a cryptographic source and returned
 * once, for the page to show with the warning to change it. No password ships with the product.
 *
 * 200 { email, password } (the password: GENERATED_PASSWORD_LENGTH characters).
 * 409 'An admin account already exists.' for every call once an admin exists: the check and the
 *     insert run in one transaction on PocketBase's single write connection, so of simultaneous
 *     calls exactly one creates the account.
 * 503 'Failed to create admin account' when the record cannot be saved (an invalid ADMIN_EMAIL,
 *     a staff member already holding it, a database failure); the reason goes to the server log.
 */
import { apiError } from '../http';

export const DEFAULT_ADMIN_EMAIL = 'admin@thoughtfullyadorned.local';
export const GENERATED_PASSWORD_LENGTH = 24;
/** Letters and digits without the look-alikes 0/O, 1/l/I, so the password can be copied by eye. */
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const SETUP_ADMIN_MESSAGES = {
  exists: 'An admin account already exists.',
  failed: 'Failed to create admin account',
} as const;

/** ADMIN_EMAIL, or DEFAULT_ADMIN_EMAIL when it is not set. */
export function adminEmail(): string {
  return ($os.getenv('ADMIN_EMAIL') || '').trim() || DEFAULT_ADMIN_EMAIL;
}

function adminExists(app: CoreApp): boolean {
  return app.countRecords('staff', $dbx.hashExp({ role: 'admin' })) > 0;
}

export function setupAdminRoute(e: core.RequestEvent): void {
  const email = adminEmail();
  const password = $security.randomStringWithAlphabet(GENERATED_PASSWORD_LENGTH, PASSWORD_ALPHABET);
  let created = false;
  try {
    $app.runInTransaction((tx) => {
      if (adminExists(tx)) return;
      const admin = new Record(tx.findCollectionByNameOrId('staff'));
      admin.setEmail(email);
      admin.setPassword(password);
      admin.setVerified(true);
      admin.set('role', 'admin');
      admin.set('name', 'Admin');
      tx.save(admin);
      created = true;
    });
  } catch (err) {
    $app.logger().error('setup-admin: the first admin could not be created', 'email', email, 'error', String(err));
    throw apiError(503, SETUP_ADMIN_MESSAGES.failed);
  }
  if (!created) throw apiError(409, SETUP_ADMIN_MESSAGES.exists);
  return e.json(200, { email, password });
}
