/**
 * 'Sign out of all devices' as a command (docs/decisions/043-admin-sessions.md): the caller's
 * staff account gets a new token key, which ends every token issued before it. The key is drawn
 * by the server as it loads the state (a random value is no rule); decide writes it. A
 * superuser calling has no staff account, so no sessions to end: 400. Pressing it again is
 * harmless (a new key again; the caller must sign in first anyway), so it needs no key. Pure.
 */
import { decided, refuse, type Command } from './command';

/** The refusal when the caller has no staff account (a superuser). */
export const NO_STAFF_SESSIONS = 'Only a staff account can be signed out of its devices.';

/** The caller's staff id ('' for a superuser) and the fresh token key the server drew. */
export interface SignOutEverywhereState {
  staffId: string;
  freshTokenKey: string;
}

export const signOutEverywhereCommand: Command<Record<string, never>, SignOutEverywhereState, never, { staffId: string }> = {
  name: 'sign-out-everywhere',
  parse: () => ({ ok: true, value: {} }),
  idempotency: { by: 'natural', header: 'none', why: 'a second call needs a new sign-in first and only ends the sessions again' },
  decide(state) {
    if (!state.staffId) return refuse(400, NO_STAFF_SESSIONS);
    return decided([{ op: 'update', collection: 'staff', id: state.staffId, fields: { tokenKey: state.freshTokenKey } }], { staffId: state.staffId });
  },
};
