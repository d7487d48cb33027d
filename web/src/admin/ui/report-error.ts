/**
 * The one place the admin turns a failed server call into what the admin sees (docs/architecture.md "Conventions"
 * "Errors"): a 401 means the session is over (revoked by a password change elsewhere, or
 * expired), so it ends and the dashboard guard sends the admin to the login; anything else is
 * docs/product.md §8's 'Error' toast with the server's message, or `fallback`.
 */
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/pb';
import { endSession, SESSION_MESSAGES } from '@/admin/core/session/admin-session';
import { logError } from '@/lib/log';

export function reportError(err: unknown, fallback: string): void {
  logError(fallback, err);
  if (err instanceof ClientResponseError && err.status === 401) {
    toast.error(SESSION_MESSAGES.expired);
    void endSession();
    return;
  }
  toast.error('Error', { description: errorMessage(err, fallback) });
}
