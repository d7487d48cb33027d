/**
 * The one place the admin turns a failed server call into what the admin sees (docs/architecture.md "Conventions"
 * "Errors"): a 401 means the session is over (revoked by a password change elsewhere, or
 * expired), so it ends and the dashboard guard sends the admin to the login; anything else is
 * docs/product.md §8's 'Error' toast with the server's message, or `fallback`. Returns that
 * sentence ('' when the session ended), so a dialog can show it in its form as well.
 */
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/pb';
import { endSession, SESSION_MESSAGES } from '@/admin/core/session/admin-session';
import { logError } from '@/lib/log';

export function reportError(err: unknown, fallback: string): string {
  logError(fallback, err);
  if (err instanceof ClientResponseError && err.status === 401) {
    toast.error(SESSION_MESSAGES.expired);
    void endSession();
    return '';
  }
  const message = errorMessage(err, fallback);
  toast.error('Error', { description: message });
  return message;
}
