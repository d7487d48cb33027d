import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@/lib/router';
import { getTokenPayload } from 'pocketbase';
import { newPasswordProblem, STAFF_PASSWORD_MIN } from '@domain/admin/staff-password';
import { PASSWORD_RESET_MESSAGES } from '@domain/admin/staff-password-reset';
import { confirmPasswordReset, isDeadResetLink, passwordResetConfirmProblem } from '@/admin/core/mutations';
import { endSession, sessionRecord } from '@/admin/core/session/admin-session';
import { useAdminAppManifest } from '@/admin/device/app-manifest';
import { FormProblem } from '@/admin/ui/form-problem';
import '@/admin/ui/admin.css';
import { paths } from '@/lib/paths';
import { logError } from '@/lib/log';
import type { LoginArrival } from './login-arrival';
import { PasswordField } from '@/admin/ui/password-field';

const EMPTY = { newPassword: '', confirmPassword: '' };

/** The account a reset token is for (its `id` and `email` claims; '' where missing or unreadable). */
function accountOf(token: string): { id: string; email: string } {
  const claims = getTokenPayload(token);
  return { id: String(claims.id ?? ''), email: String(claims.email ?? '') };
}

/**
 * /admin/reset-password?token=… (docs/decisions/034), opened from the reset e-mail: a new
 * password and its confirmation, checked as Change Password checks them (12 characters, equal),
 * then PocketBase's confirm-password-reset with the link's token. Done, this device's session of
 * that account (dead now) ends and the login opens with 'Your password is changed. Please sign
 * in.', replacing this page in the history so the link's address does not stay behind. A link
 * that expired or was used says so and points to 'Forgot password?'. Offline it says so and
 * sends nothing; a failure keeps what was typed.
 */
export function ResetPasswordPage({ token }: { token: string | null }) {
  useAdminAppManifest();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [dead, setDead] = useState(!token);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    const invalid = newPasswordProblem(form);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    if (!navigator.onLine) {
      setProblem(PASSWORD_RESET_MESSAGES.offlineChange);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await confirmPasswordReset(token, form.newPassword, form.confirmPassword);
    } catch (err) {
      logError('Password reset failed', err);
      setDead(isDeadResetLink(err));
      setProblem(passwordResetConfirmProblem(err));
      setBusy(false);
      return;
    }
    const account = accountOf(token);
    if (account.id && sessionRecord()?.id === account.id) await endSession();
    const arrival: LoginArrival = { passwordChanged: true, email: account.email };
    navigate(paths.adminLogin, { replace: true, state: arrival });
  };

  const field = (key: keyof typeof EMPTY, label: string, hint?: string) => (
    <PasswordField id={`reset-${key}`} label={label} autoComplete="new-password" value={form[key]} disabled={busy} hint={hint} onChange={(value) => setForm({ ...form, [key]: value })} />
  );

  return (
    <div className="container page admin-login">
      <h1>Choose a new password</h1>
      {dead ? (
        <div className="card admin-login__form">
          <p className="admin-error" role="alert">
            {problem || PASSWORD_RESET_MESSAGES.linkInvalid}
          </p>
          <Link to={paths.adminLogin} className="button button--primary button--large">
            Go to Admin Login
          </Link>
        </div>
      ) : (
        <form className="card admin-login__form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="muted">For the admin account of the link in your e-mail. Afterwards, sign in with the new password.</p>
          {field('newPassword', 'New password', `At least ${STAFF_PASSWORD_MIN} characters.`)}
          {field('confirmPassword', 'Confirm new password')}
          <FormProblem problem={problem} />
          <button type="submit" className="button button--primary button--large" disabled={busy}>
            {busy ? 'Saving...' : 'Set new password'}
          </button>
        </form>
      )}
    </div>
  );
}
