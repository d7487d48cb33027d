import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '@/lib/router';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/pb';
import { ClientResponseError } from 'pocketbase';
import { signIn } from '@/admin/core/mutations';
import { setupOpen } from '@/admin/core/reads';
import { useAdminAppManifest } from '@/admin/device/app-manifest';
import { currentAdmin, endSession, isAdminRecord, SESSION_MESSAGES } from '@/admin/core/session/admin-session';
import '@/admin/ui/admin.css';
import { logError } from '@/lib/log';
import { FormProblem } from '@/admin/ui/form-problem';
import { PASSWORD_RESET_MESSAGES } from '@domain/admin/staff-password-reset';
import { ForgotPasswordForm } from './forgot-password-form';
import { loginArrivalOf } from './login-arrival';

/**
 * Admin login (docs/product.md §2 Admin login, §6, §8): e-mail and password against `staff`; 'Welcome
 * back! Logged in successfully.' then the dashboard; 'Login Failed' with the reason under the form
 * ('Incorrect e-mail or password.' for either); an account without the admin role is signed out
 * with 'Access Denied'. A signed-in admin goes straight on. 'Create the admin account' is offered
 * only while no admin exists. 'Forgot password?' puts the reset request in the form's place,
 * with the e-mail typed so far (docs/decisions/034); from the reset page the person arrives with
 * 'Your password is changed. Please sign in.' and the account's address filled in.
 */
export function LoginPage() {
  useAdminAppManifest();
  const navigate = useNavigate();
  const arrival = loginArrivalOf(useLocation().state);
  const [email, setEmail] = useState(arrival?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [forgot, setForgot] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const backFromForgot = useRef(false);

  // Back from the reset request, focus lands on the password (the e-mail is filled in), not at
  // the top of the page.
  useEffect(() => {
    if (forgot || !backFromForgot.current) return;
    backFromForgot.current = false;
    passwordRef.current?.focus();
  }, [forgot]);

  // 'Create the admin account' only while no admin exists.
  const [setupIsOpen, setSetupIsOpen] = useState(false);

  useEffect(() => {
    if (currentAdmin()) navigate(paths.adminDashboard, { replace: true });
  }, [navigate]);

  useEffect(() => {
    let live = true;
    void setupOpen().then((open) => live && setSetupIsOpen(open));
    return () => {
      live = false;
    };
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setProblem('Please enter your e-mail and password.');
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const record = await signIn(email, password);
      if (!isAdminRecord(record)) {
        await endSession();
        toast.error(SESSION_MESSAGES.accessDenied, { description: SESSION_MESSAGES.noPrivileges });
        setProblem(SESSION_MESSAGES.noPrivileges);
        setBusy(false);
        return;
      }
      toast.success(SESSION_MESSAGES.welcome);
      navigate(paths.adminDashboard, { replace: true });
    } catch (err) {
      logError('Login failed', err);
      // PocketBase answers 400 for a wrong e-mail or password alike: one plain sentence, shown once
      // under the form (the toast only names the failure).
      const status = err instanceof ClientResponseError ? err.status : 0;
      const reason = status === 400 ? SESSION_MESSAGES.wrongCredentials : errorMessage(err, 'The server could not be reached. Please try again.');
      toast.error(SESSION_MESSAGES.loginFailed);
      setProblem(reason);
      setBusy(false);
    }
  };

  if (forgot) {
    return (
      <div className="container page admin-login">
        <h1>Admin Login</h1>
        <ForgotPasswordForm
          initialEmail={email}
          onBack={(typed) => {
            setEmail(typed);
            backFromForgot.current = true;
            setForgot(false);
          }}
        />
      </div>
    );
  }

  return (
    <div className="container page admin-login">
      <h1>Admin Login</h1>
      <p className="lead">Sign in to manage bookings, consultations, reviews and the schedule.</p>
      {arrival && (
        <p className="admin-login__notice" role="status">
          {PASSWORD_RESET_MESSAGES.changed}
        </p>
      )}
      <form className="card admin-login__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="admin-email">Email</label>
          <input id="admin-email" type="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input id="admin-password" ref={passwordRef} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} />
        </div>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
        <button type="button" className="admin-text-button" onClick={() => setForgot(true)} disabled={busy}>
          Forgot password?
        </button>
      </form>
      {setupIsOpen && (
        <p className="admin-login__setup muted">
          First time here? <Link to={paths.setupAdmin}>Create the admin account</Link>.
        </p>
      )}
    </div>
  );
}
