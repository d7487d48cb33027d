import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PASSWORD_RESET_MESSAGES, resetEmailProblem } from '@domain/admin/staff-password-reset';
import { passwordResetRequestProblem, requestPasswordReset } from '@/admin/core/mutations';
import { FormProblem } from '@/admin/ui/form-problem';
import { logError } from '@/lib/log';

/**
 * "Forgot password?" on the admin login (docs/decisions/034): the e-mail (from the login form)
 * and 'Send reset link'. After every accepted request the same sentence, 'If that address
 * belongs to an account, a reset link is on its way.', so the page never tells whether an
 * address is staff. Offline it says so and sends nothing; a failure is one plain sentence and
 * the address stays in the field. `onBack` returns to the sign-in with the address as it is now.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: (email: string) => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form replaces the sign-in in place: focus moves to its heading, so a screen reader says where it is.
  useEffect(() => headingRef.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    const invalid = resetEmailProblem(email);
    if (invalid) {
      setProblem(invalid);
      return;
    }
    if (!navigator.onLine) {
      setProblem(PASSWORD_RESET_MESSAGES.offline);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      logError('Password reset request failed', err);
      setProblem(passwordResetRequestProblem(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card admin-login__panel" aria-labelledby="forgot-heading">
      <h2 id="forgot-heading" ref={headingRef} tabIndex={-1}>
        Reset your password
      </h2>
      <p className="muted">Enter the e-mail address you sign in with. We will e-mail you a link to choose a new password.</p>
      <form className="admin-login__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="reset-email">Email</label>
          <input id="reset-email" type="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
        </div>
        <FormProblem problem={problem} />
        {/* Always in the page, so its sentence is announced when it appears. */}
        <p className="admin-login__sent" role="status">
          {sent ? PASSWORD_RESET_MESSAGES.sent : ''}
        </p>
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Sending...' : 'Send reset link'}
        </button>
        <button type="button" className="admin-text-button" onClick={() => onBack(email)} disabled={busy}>
          Back to sign in
        </button>
      </form>
    </section>
  );
}
