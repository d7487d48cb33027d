import type { FormEvent } from 'react';
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { changePasswordProblem, STAFF_PASSWORD_MESSAGES, STAFF_PASSWORD_MIN } from '@domain/admin/staff-password';
import { errorMessage } from '@/lib/pb';
import { changePassword } from '@/admin/core/mutations';
import { currentAdmin } from '@/admin/core/session/admin-session';
import { FormModal } from '@/admin/ui/form-modal';
import { logError } from '@/lib/log';
import { FormProblem } from '@/admin/ui/form-problem';
import { useDialogForm } from '@/admin/ui/use-dialog-form';
import { PasswordField } from '@/admin/ui/password-field';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The server's reason for a refused change: a field error ('Missing or invalid old password.') or its message. */
function refusal(err: unknown): string {
  if (err instanceof ClientResponseError) {
    const fields = (err.response as { data?: Record<string, { message?: string }> } | undefined)?.data ?? {};
    if (fields.oldPassword?.message) return 'The current password is not correct.';
    const first = Object.values(fields).find((f) => f?.message)?.message;
    if (first) return first;
  }
  return errorMessage(err, 'Failed to change the password');
}

/**
 * Change Password (docs/product.md §2 Admin dashboard header, §5 Admin; docs/architecture.md reading 9): current,
 * new and confirmation, all required; 'Passwords don't match'; at least 12 characters. After
 * 'Password changed successfully' every other session of the account is signed out.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, setForm, busy, setBusy, problem, setProblem, close } = useDialogForm(EMPTY, onClose);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = changePasswordProblem(form);
    if (invalid) {
      setProblem(invalid);
      toast.error('Error', { description: invalid });
      return;
    }
    const admin = currentAdmin();
    if (!admin) return;
    setBusy(true);
    setProblem('');
    try {
      await changePassword({ recordId: admin.id, email: String(admin.email), currentPassword: form.currentPassword, newPassword: form.newPassword });
      toast.success(STAFF_PASSWORD_MESSAGES.changed);
      close();
    } catch (err) {
      logError('Password change failed', err);
      const message = refusal(err);
      setProblem(message);
      toast.error('Error', { description: message });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof typeof EMPTY, label: string, autoComplete: 'current-password' | 'new-password', hint?: string) => (
    <PasswordField id={`pw-${key}`} label={label} autoComplete={autoComplete} value={form[key]} disabled={busy} hint={hint} onChange={(value) => setForm({ ...form, [key]: value })} />
  );

  return (
    <FormModal open={open} onClose={close} busy={busy} title="Change Password" formId="change-password-form" submitLabel="Change Password" busyLabel="Changing..." onSubmit={submit}>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password', `At least ${STAFF_PASSWORD_MIN} characters.`)}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <FormProblem problem={problem} />
    </FormModal>
  );
}
