/**
 * The first admin account as a command (docs/product.md §2 Admin login and setup; docs/decisions/012,
 * 023, 034): made only while no admin exists, and only for the caller who knows the one-time
 * setup code. The server reads whether an admin exists, whether the code is the stored one
 * (compared in constant time), the default address (ADMIN_EMAIL) and a freshly generated
 * password as it loads the state; decide checks in the route's order (409, 403, 400) and makes
 * the `staff` record. A second call finds the admin and is refused, so it needs no key. Pure.
 */
import { resetEmailProblem } from '../admin/staff-password-reset';
import { decided, refuse, type Command } from './command';

/** The route's sentences (the 503 for a record that cannot be saved included). */
export const SETUP_ADMIN_MESSAGES = {
  exists: 'An admin account already exists.',
  failed: 'Failed to create admin account',
  wrongCode: "The setup code is not right. It is in the server's start message (journalctl -u thoughtfully-adorned in production) and in the file setup-code of its data directory.",
} as const;

/** The body's `code` and `email` as sent ('' when missing or not text). */
export interface SetupAdminInput {
  code: string;
  email: string;
}

/** What the server read: an admin exists, the code matched, the default address, and the new password. */
export interface SetupAdminState {
  adminExists: boolean;
  codeMatches: boolean;
  defaultEmail: string;
  password: string;
}

/** The account made: its address and its one-time shown password. */
export interface SetupAdminAnswer {
  email: string;
  password: string;
}

export const setupAdminCommand: Command<SetupAdminInput, SetupAdminState, never, SetupAdminAnswer> = {
  name: 'setup-admin',
  parse: (body) => ({ ok: true, value: { code: typeof body.code === 'string' ? body.code : '', email: typeof body.email === 'string' ? body.email : '' } }),
  idempotency: { by: 'natural', header: 'none', why: 'a second call finds the admin it made and is refused' },
  decide(state, input) {
    if (state.adminExists) return refuse(409, SETUP_ADMIN_MESSAGES.exists);
    if (!state.codeMatches) return refuse(403, SETUP_ADMIN_MESSAGES.wrongCode);
    const typed = input.email.trim();
    const problem = typed ? resetEmailProblem(typed) : null;
    if (problem) return refuse(400, problem);
    const email = typed ? typed.toLowerCase() : state.defaultEmail;
    return decided([{ op: 'create', collection: 'staff', fields: { email, password: state.password, verified: true, role: 'admin', name: 'Admin' } }], {
      email,
      password: state.password,
    });
  },
};
