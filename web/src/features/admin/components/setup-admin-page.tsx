import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { paths } from '@/lib/paths';
import { setupAdmin, SETUP_ADMIN_MESSAGES, type CreatedAdmin } from '../api/setup-admin';
import '../admin.css';

/**
 * First-admin setup (SPEC.md §2 Admin setup; DESIGN.md decision 9): one button creates the
 * first admin; the server generates the password and returns it once, shown here with the
 * warning to change it and a link to the login. Refused with the server's message once an
 * admin exists; 'Failed to create admin account' otherwise.
 */
export function SetupAdminPage() {
  const [created, setCreated] = useState<CreatedAdmin | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const create = async () => {
    setBusy(true);
    setProblem('');
    try {
      const admin = await setupAdmin();
      setCreated(admin);
      toast.success(SETUP_ADMIN_MESSAGES.created);
    } catch (err) {
      console.error('Admin setup failed', err);
      const message = err instanceof ClientResponseError && err.status === 409 ? SETUP_ADMIN_MESSAGES.exists : SETUP_ADMIN_MESSAGES.failed;
      setProblem(message);
      toast.error('Error', { description: message });
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <div className="container page admin-login">
        <h1>{SETUP_ADMIN_MESSAGES.created}</h1>
        <section className="card admin-credentials" aria-labelledby="credentials-heading">
          <h2 id="credentials-heading">Your sign-in details</h2>
          <dl className="admin-facts">
            <div className="admin-fact"><dt>Email</dt><dd data-testid="admin-email">{created.email}</dd></div>
            <div className="admin-fact"><dt>Password</dt><dd><code data-testid="admin-password">{created.password}</code></dd></div>
          </dl>
          <p className="admin-warning" role="note">
            <strong>Write this password down now: it is shown only once.</strong> Sign in and change it at once with Change Password on the dashboard.
          </p>
        </section>
        <Link to={paths.adminLogin} className="button button--primary button--large">Go to Admin Login</Link>
      </div>
    );
  }

  return (
    <div className="container page admin-login">
      <h1>Set Up Admin</h1>
      <p className="lead">Create the first admin account. This works only once, while no admin exists.</p>
      <button type="button" className="button button--primary button--large" onClick={() => void create()} disabled={busy}>
        {busy ? 'Creating...' : 'Create Admin Account'}
      </button>
      {problem && (
        <p className="admin-error" role="alert">
          {problem} {problem === SETUP_ADMIN_MESSAGES.exists && <Link to={paths.adminLogin}>Go to Admin Login</Link>}
        </p>
      )}
    </div>
  );
}
