import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/pb';
import { ClientResponseError } from 'pocketbase';
import { setupOpen } from '@/admin/core/api/setup-admin';
import { signIn } from '@/admin/core/api/sign-in';
import { useAdminAppManifest } from '@/admin/device/app-manifest';
import { currentAdmin, endSession, isAdminRecord, SESSION_MESSAGES } from '@/admin/core/session/admin-session';
import '@/admin/ui/admin.css';
import { logError } from '@/lib/log';
import { FormProblem } from '@/admin/ui/form-problem';

/**
 * Admin login (docs/product.md §2 Admin login, §6, §8): e-mail and password against `staff`; 'Welcome
 * back! Logged in successfully.' then the dashboard; 'Login Failed' with the reason under the form
 * ('Incorrect e-mail or password.' for either); an account without the admin role is signed out
 * with 'Access Denied'. A signed-in admin goes straight on. 'Create the admin account' is offered
 * only while no admin exists.
 */
export function LoginPage() {
  useAdminAppManifest();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

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

  return (
    <div className="container page admin-login">
      <h1>Admin Login</h1>
      <p className="lead">Sign in to manage bookings, consultations, reviews and the schedule.</p>
      <form className="card admin-login__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="admin-email">Email</label>
          <input id="admin-email" type="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} disabled={busy} />
        </div>
        <div className="field">
          <label htmlFor="admin-password">Password</label>
          <input id="admin-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} disabled={busy} />
        </div>
        <FormProblem problem={problem} />
        <button type="submit" className="button button--primary button--large" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
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
