/**
 * POST /api/fn/setup-admin, open (docs/product.md §2 Admin login and setup; docs/architecture.md reading 9;
 * docs/decisions/012 and 023): creates the first admin, a `staff` record with role admin, only
 * while no admin exists, and only for the caller who knows the one-time setup code. The server
 * prints that code in its start message (the journal in production) and keeps it in the file
 * SETUP_CODE_FILE of its data dir (mode 0600; pb/setup_code.go); it dies with the first admin.
 * Body { code, email? } (the code: case, dashes and spaces ignored). The e-mail is `email`, the
 * owner's address typed on the setup page, where "Forgot password?" sends its link
 * (docs/decisions/034); without one, ADMIN_EMAIL (default DEFAULT_ADMIN_EMAIL). The password is generated here from a cryptographic source and returned
 * once, for the page to show with the warning to change it. No password ships with the product.
 * Every call counts against the route's per-IP rate limit (5 in 10 minutes), wrong codes too.
 *
 * 200 { email, password } (the password: GENERATED_PASSWORD_LENGTH characters).
 * 400 the reset form's sentence (domain/admin/staff-password-reset.ts) for an `email` that is not an
 *     address, once the code is right.
 * 403 SETUP_ADMIN_MESSAGES.wrongCode for a missing or wrong code (compared in constant time).
 *     With no admin and no code file (the code was used and the admin since deleted), a new
 *     code is written and printed to the server's log.
 * 409 'An admin account already exists.' for every call once an admin exists: the check and the
 *     insert run in one transaction on PocketBase's single write connection, so of simultaneous
 *     calls exactly one creates the account.
 * 503 'Failed to create admin account' when the record cannot be saved (an invalid ADMIN_EMAIL,
 *     a staff member already holding it, a database failure); the reason goes to the server log.
 *
 * On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/setup-admin-command.ts.
 */
import { refuse } from '@domain/commands/command';
import { setupAdminCommand, SETUP_ADMIN_MESSAGES, type SetupAdminAnswer, type SetupAdminInput, type SetupAdminState } from '@domain/commands/setup-admin-command';
import { apiError, readJsonObject } from '../http';
import { logError } from '../log';
import { runCommand, type ServerCommand } from '../commands/run-command';

export const DEFAULT_ADMIN_EMAIL = 'admin@thoughtfullyadorned.local';
export const GENERATED_PASSWORD_LENGTH = 24;
/** Letters and digits without the look-alikes 0/O, 1/l/I, so the password can be copied by eye. */
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export { SETUP_ADMIN_MESSAGES };

/** The setup code's file in the data dir (pb/setup_code.go writes it at start). */
export const SETUP_CODE_FILE = 'setup-code';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The code as compared: upper case, letters and digits only. */
export function normalizeSetupCode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function codePath(): string {
  return `${$app.dataDir()}/${SETUP_CODE_FILE}`;
}

/** The stored code (normalized), or '' when there is none: then a new one is written and logged. */
function storedCode(): string {
  let raw: string;
  try {
    raw = toString($os.readFile(codePath()));
  } catch {
    raw = ''; // no file yet
  }
  const code = normalizeSetupCode(raw);
  if (code.length === 12) return code;
  // The file goes with the first admin: a request that finds none after one was made (it
  // checked just before another request created the admin) is late, not first.
  if (adminExists($app)) throw apiError(409, SETUP_ADMIN_MESSAGES.exists);
  const fresh = $security.randomStringWithAlphabet(12, CODE_ALPHABET);
  const shown = fresh.replace(/(.{4})(?=.)/g, '$1-');
  $os.writeFile(codePath(), `${shown}\n`, 0o600 as unknown as os.FileMode);
  // eslint-disable-next-line no-console -- the new code goes where the start message's went: the journal (docs/decisions/023)
  console.log(`No admin yet and no setup code: a new setup code is ${shown} (also in the file ${SETUP_CODE_FILE} of the data directory).`);
  return fresh;
}

/** ADMIN_EMAIL, or DEFAULT_ADMIN_EMAIL when it is not set. */
export function adminEmail(): string {
  return ($os.getenv('ADMIN_EMAIL') || '').trim() || DEFAULT_ADMIN_EMAIL;
}

function adminExists(app: CoreApp): boolean {
  return app.countRecords('staff', $dbx.hashExp({ role: 'admin' })) > 0;
}

/** Whether `given` is the stored setup code (compared in constant time); without a stored one, a new one is made and logged first. */
function setupCodeMatches(given: string): boolean {
  const code = normalizeSetupCode(given);
  const expected = storedCode();
  return code !== '' && $security.equal(code, expected);
}

export const setupAdmin: ServerCommand<SetupAdminInput, SetupAdminState, never, SetupAdminAnswer> = {
  command: setupAdminCommand,
  path: '/api/fn/setup-admin',
  fields(e) {
    try {
      return readJsonObject(e);
    } catch {
      return {}; // no body: no code
    }
  },
  load(tx, input) {
    // The check and the insert run in one transaction on PocketBase's single write connection,
    // so of simultaneous calls exactly one creates the account.
    const exists = adminExists(tx);
    return {
      adminExists: exists,
      codeMatches: !exists && setupCodeMatches(input.code),
      defaultEmail: adminEmail(),
      password: $security.randomStringWithAlphabet(GENERATED_PASSWORD_LENGTH, PASSWORD_ALPHABET),
    };
  },
  writeRefusal(err) {
    $app.logger().error('setup-admin: the first admin could not be created', 'error', String(err));
    return refuse(503, SETUP_ADMIN_MESSAGES.failed);
  },
  respond(_app, a) {
    // The code dies with the first admin (the route also refuses it while any admin exists).
    try {
      $os.remove(codePath());
    } catch (err) {
      logError(`setup-admin: the setup code file could not be removed: ${String(err)}`);
    }
    return a;
  },
};

export function setupAdminRoute(e: core.RequestEvent): void {
  runCommand(e, setupAdmin);
}

/**
 * GET /api/fn/setup-admin, open: { open: true } while no admin exists (the login page then
 * offers 'Create the admin account'), else { open: false }. Says nothing else.
 */
export function setupAdminStatusRoute(e: core.RequestEvent): void {
  return e.json(200, { open: !adminExists($app) });
}
