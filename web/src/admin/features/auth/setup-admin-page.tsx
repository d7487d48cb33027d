import { useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { ClientResponseError } from 'pocketbase';
import { toast } from 'sonner';
import { resetEmailProblem } from '@domain/admin/staff-password-reset';
import { errorMessage } from '@/lib/pb';
import { paths } from '@/lib/paths';
import { setupAdmin, SETUP_ADMIN_MESSAGES, type CreatedAdmin } from '@/admin/core/mutations';
import { CopyButton } from '@/admin/ui/copy-button';
import '@/admin/ui/admin.css';
import { logError } from '@/lib/log';
import { FormProblem } from '@/admin/ui/form-problem';

/**
 * First-admin setup (docs/product.md §2 Admin setup; docs/architecture.md reading 9; docs/decisions/023): the
 * one-time setup code from the server's start message creates the first admin, with the owner's
 * e-mail (where "Forgot password?" sends its link, docs/decisions/034; left empty, the server's
 * ADMIN_EMAIL); the server
 * generates the password and returns it once, shown here with a Copy button, the warning to
 * change it and a link to the login. The server's sentence for an address that is not one (400), a wrong code (403), an existing
 * admin (409) or too many tries (429); 'Failed to create admin account' otherwise.
 */
export function SetupAdminPage() {
  const [created, setCreated] = useState<CreatedAdmin | null>(null);
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = email.trim() ? resetEmailProblem(email) : null;
    if (invalid) {
      setProblem(invalid);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const admin = await setupAdmin(code, email);
      setCreated(admin);
      toast.success(SETUP_ADMIN_MESSAGES.created);
    } catch (err) {
      logError('Admin setup failed', err);
      const known = err instanceof ClientResponseError && [400, 403, 409, 429].includes(err.status);
      const message = known ? errorMessage(err, SETUP_ADMIN_MESSAGES.failed) : SETUP_ADMIN_MESSAGES.failed;
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
            <div className="admin-fact">
              <dt>Email</dt>
              <dd data-testid="admin-email">{created.email}</dd>
            </div>
            <div className="admin-fact">
              <dt>Password</dt>
              <dd className="admin-credentials__secret">
                <code data-testid="admin-password">{created.password}</code>
                <CopyButton text={created.password} label="Copy password" />
              </dd>
            </div>
          </dl>
          <p className="admin-warning" role="note">
            <strong>Write this password down now: it is shown only once.</strong> Sign in and change it at once with Change Password on the dashboard.
          </p>
        </section>
        <Link to={paths.adminLogin} className="button button--primary button--large">
          Go to Admin Login
        </Link>
      </div>
    );
  }

  return (
    <div className="container page admin-login">
      <h1>Set Up Admin</h1>
      <p className="lead">Create the first admin account. This works only once, while no admin exists.</p>
      <form className="card admin-login__form" onSubmit={(e) => void create(e)} noValidate>
        <div className="field">
          <label htmlFor="setup-code">Setup code</label>
          <input
            id="setup-code"
            name="setup-code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="setup-code-help"
            placeholder="ABCD-EFGH-JKMN"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            disabled={busy}
          />
          <p id="setup-code-help" className="muted">
            The server shows it when it starts (in production: <code>journalctl -u thoughtfully-adorned -e</code>) and keeps it in the file <code>setup-code</code> of its data directory.
          </p>
        </div>
        <div className="field">
          <label htmlFor="setup-email">Your e-mail</label>
          <input
            id="setup-email"
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            aria-describedby="setup-email-help"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
          />
          <p id="setup-email-help" className="muted">
            You sign in with it, and Forgot password? sends its link there. Left empty, the account takes the address set for this server (ADMIN_EMAIL). You can change it later from the
            dashboard&apos;s menu.
          </p>
        </div>
        <FormProblem problem={problem}>
          {problem === SETUP_ADMIN_MESSAGES.exists && (
            <>
              {' '}
              <Link to={paths.adminLogin}>Go to Admin Login</Link>
            </>
          )}
        </FormProblem>
        <button type="submit" className="button button--primary button--large" disabled={busy || !code.trim()}>
          {busy ? 'Creating...' : 'Create Admin Account'}
        </button>
      </form>
    </div>
  );
}
