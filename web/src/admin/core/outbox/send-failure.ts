/**
 * What a failed outbox request means (docs/architecture.md "Admin data and sync" Outbox; docs/decisions/016
 * "Failure is visible"): try again later, wait for a new sign-in, or set the entry aside for
 * the admin with the server's message. Nothing here ever drops an entry.
 */
import { isRetryLater } from '@domain/admin/request-keys';

export type FailureAction =
  /** No connection, a timeout, a 5xx, or "still processing": keep it and back off. */
  | 'retry'
  /** 401: the session ended; keep it and pause the outbox until the admin signs in again. */
  | 'sign_in'
  /** Any other 4xx: the server refused this action for good; needs the admin's attention. */
  | 'attention';

export interface SendFailure {
  /** HTTP status; 0 when no answer came (offline, connection lost, aborted). */
  status: number;
  /** The server's message, or a plain sentence of ours. */
  message: string;
  action: FailureAction;
}

export const OFFLINE_MESSAGE = 'No connection to the server. It will be sent when the connection is back.';
export const SERVER_TROUBLE_MESSAGE = 'The server could not take it just now. It will be sent again shortly.';
export const SIGN_IN_MESSAGE = 'Your session has ended. Please sign in again to send it.';

/** The status and message of any error a request can reject with (PocketBase SDK or fetch). */
function statusAndMessage(err: unknown): { status: number; message: string } {
  const e = err as { status?: unknown; response?: { message?: unknown }; message?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : 0;
  const fromServer = e?.response && typeof e.response.message === 'string' ? e.response.message : '';
  return { status, message: fromServer };
}

/**
 * Classifies a request's rejection. Status 0 (network error, the SDK's aborted or failed fetch)
 * and 5xx → retry; 408, 429 and "still being processed" 409s → retry; 401 → sign_in; other 4xx
 * → attention with the server's message.
 */
export function classifyFailure(err: unknown): SendFailure {
  const { status, message } = statusAndMessage(err);
  if (status === 0) return { status, message: OFFLINE_MESSAGE, action: 'retry' };
  if (status >= 500) return { status, message: SERVER_TROUBLE_MESSAGE, action: 'retry' };
  if (status === 401) return { status, message: SIGN_IN_MESSAGE, action: 'sign_in' };
  if (isRetryLater(status, message)) return { status, message: message || SERVER_TROUBLE_MESSAGE, action: 'retry' };
  return { status, message: message || `The server refused it (error ${status}).`, action: 'attention' };
}
