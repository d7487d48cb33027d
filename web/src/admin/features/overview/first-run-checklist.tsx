import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '@/lib/router';
import { firstRunOpen, firstRunSteps, isPlaceholderAddress, type FirstRunStepId } from '@domain/admin/first-run';
import { getFirstRun, type FirstRunServerFacts } from '@/admin/core/reads';
import { logWarning } from '@/lib/log';

interface FirstRunChecklistProps {
  /** Whether the app is installed on this device (or marked so). */
  installed: boolean;
  /** The 'Install the app' button (the shell's). */
  install: ReactNode;
  /** The signed-in admin's e-mail. */
  adminEmail: string;
  /** Opens 'Change E-mail'. */
  onChangeEmail: () => void;
  /** Where seasons are set (the Settings tab). */
  seasonsHref: string;
}

/**
 * The Overview's first-run checklist (domain/admin/first-run.ts; docs/decisions/059): install the
 * app, the business's sender address and the admin e-mail, the first season, each line ticked
 * once done and with the way to do it; gone once every line is. The server's facts are read
 * on each opening; offline, or when they cannot be read, nothing is shown.
 */
export function FirstRunChecklist({ installed, install, adminEmail, onChangeEmail, seasonsHref }: FirstRunChecklistProps) {
  const [server, setServer] = useState<FirstRunServerFacts | null>(null);
  useEffect(() => {
    let live = true;
    getFirstRun().then(
      (facts) => live && setServer(facts),
      (err) => logWarning('The first-run checklist could not be read', err),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!server) return null;
  const facts = { installed, senderAddress: server.senderAddress, adminEmail, seasonSaved: server.seasonSaved };
  if (!firstRunOpen(facts)) return null;

  const how: Record<FirstRunStepId, ReactNode> = {
    install,
    mail: (
      <>
        <span className="admin-checklist__note">
          E-mails go out from {server.senderAddress || 'no address yet'}
          {isPlaceholderAddress(server.senderAddress) ? ': set MAIL_FROM on the server (see the deploy guide, deploy/README.md).' : '.'} Your admin e-mail is {adminEmail}.
        </span>
        {isPlaceholderAddress(adminEmail) && (
          <button type="button" className="button" onClick={onChangeEmail}>
            Change E-mail
          </button>
        )}
      </>
    ),
    season: (
      <Link to={seasonsHref} className="button">
        Set up the season in Settings
      </Link>
    ),
  };
  return (
    <section aria-labelledby="first-run-heading" className="admin-panel card admin-checklist">
      <h2 id="first-run-heading">Getting started</h2>
      <ul>
        {firstRunSteps(facts).map((step) => (
          <li key={step.id} className={step.done ? 'is-done' : ''} data-step={step.id}>
            <span className="admin-checklist__mark" aria-hidden="true">
              {step.done ? '✓' : '○'}
            </span>
            <span className="admin-checklist__label">
              {step.label}
              <span className="visually-hidden">{step.done ? ': done' : ': to do'}</span>
            </span>
            {!step.done && <span className="admin-checklist__how">{how[step.id]}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
