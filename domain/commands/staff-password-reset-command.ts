/**
 * "Forgot password?" for a known staff (or superuser) account as a command (docs/decisions/034):
 * the reset e-mail is queued while the account's hourly limit allows
 * (domain/admin/staff-password-reset.ts passwordResetMailAllowed, counted from the account's
 * earlier reset e-mails, read inside the transaction that queues the next, so requests at the
 * same instant cannot both pass); over it, nothing. PocketBase's route calls it (a record hook,
 * lib/admin/staff-password-reset.ts), not the route table; it has no key of its own: every
 * request is a new e-mail until the limit. Pure.
 */
import { passwordResetMailAllowed } from '../admin/staff-password-reset';
import { decided, type Command } from './command';

/**
 * The account (its collection: `staff` or `_superusers`), the app's public origin for the link,
 * and the request's instant on the wall clock (epoch ms; not the app's settable clock, APP_NOW:
 * the hourly limit and each e-mail's outbox key follow real requests, as PocketBase's own reset does).
 */
export interface StaffPasswordResetInput {
  collection: string;
  staffId: string;
  origin: string;
  atMs: number;
}

/** When the account's latest reset e-mails were queued (epoch ms, newest first). */
export interface StaffPasswordResetState {
  recentMailsMs: number[];
}

/** The reset e-mail to compose: the request as given (`atMs` makes its outbox key). */
export type StaffPasswordResetMail = StaffPasswordResetInput;

export const staffPasswordResetCommand: Command<StaffPasswordResetInput, StaffPasswordResetState, StaffPasswordResetMail, { mailed: boolean }> = {
  name: 'staff-password-reset',
  parse: (body) => ({
    ok: true,
    value: { collection: String(body.collection ?? ''), staffId: String(body.staffId ?? ''), origin: String(body.origin ?? ''), atMs: Number(body.atMs) },
  }),
  idempotency: { by: 'natural', header: 'none', why: 'each request is one more e-mail until the hourly limit, which the state counts' },
  // The request's own instant (input.atMs), not the runner's clock: see StaffPasswordResetInput.
  decide(state, input) {
    if (!passwordResetMailAllowed(state.recentMailsMs, input.atMs)) return decided([], { mailed: false });
    return { changes: [], mails: [input], answer: { mailed: true } };
  },
};
