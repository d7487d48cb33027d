import type { FormEvent } from 'react';
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { changeEmailProblem, STAFF_EMAIL_MESSAGES } from '@domain/admin/staff-email';
import { errorMessage } from '@/lib/pb';
import { changeEmail } from '@/admin/core/mutations';
import { currentAdmin } from '@/admin/core/session/admin-session';
import { FormModal } from '@/admin/ui/form-modal';
import { logError } from '@/lib/log';
import { FormProblem } from '@/admin/ui/form-problem';
import { useDialogForm } from '@/admin/ui/use-dialog-form';

const EMPTY = { email: '', currentPassword: '' };

/**
 * Change e-mail (docs/product.md §2 Admin dashboard header; domain/admin/staff-email.ts): the new
 * address and the current password, as Change Password asks. The address is the one "Forgot
 * password?" writes to (docs/decisions/034). The server's sentence for a refusal (4xx); a
 * generic one for its own failure.
 */
export function ChangeEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, setForm, busy, setBusy, problem, setProblem, close } = useDialogForm(EMPTY, onClose);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const admin = currentAdmin();
    if (!admin) return;
    const invalid = changeEmailProblem(form, String(admin.email ?? ''));
    if (invalid) {
      setProblem(invalid);
      toast.error('Error', { description: invalid });
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await changeEmail(form.email, form.currentPassword);
      toast.success(STAFF_EMAIL_MESSAGES.changed);
      close();
    } catch (err) {
      logError('E-mail change failed', err);
      const refused = err instanceof ClientResponseError && err.status >= 400 && err.status < 500;
      const message = refused ? errorMessage(err, STAFF_EMAIL_MESSAGES.failed) : STAFF_EMAIL_MESSAGES.failed;
      setProblem(message);
      toast.error('Error', { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={open} onClose={close} busy={busy} title="Change E-mail" formId="change-email-form" submitLabel="Change E-mail" busyLabel="Changing..." onSubmit={submit}>
      <div className="field">
        <label htmlFor="email-new">New e-mail</label>
        <input
          id="email-new"
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={form.email}
          disabled={busy}
          aria-describedby="email-new-hint"
          onChange={(e) => setForm({ ...form, email: e.target.value })}
        />
        <p id="email-new-hint" className="hint">
          You sign in with it, and Forgot password? sends its link there.
        </p>
      </div>
      <div className="field">
        <label htmlFor="email-current-password">Current password</label>
        <input
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          disabled={busy}
          onChange={(e) => setForm({ ...form, currentPassword: e.target.value })}
        />
      </div>
      <FormProblem problem={problem} />
    </FormModal>
  );
}
