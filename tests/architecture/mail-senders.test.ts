/**
 * Every e-mail goes through the mail outbox (docs/decisions/021) and is sent by the runner
 * after its command's commit or by the deliver-mail job (docs/architecture.md "The path of a
 * command", docs/decisions/064): no route, hook or other job calls the mailer. This reads every
 * source of pb_hooks/src for a call of the sending functions and allows them in those files only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../pb_hooks/src', import.meta.url));

/** A call of the mailer: a queued row sent now, the due rows sent, one message to SMTP, PocketBase's mail client. */
const SENDING = /\b(deliverMail|deliverDueMail|smtpSend|newMailClient)\s*\(/;

/** The files that may call it, and why. */
const SENDERS: Record<string, string> = {
  'lib/commands/run-command.ts': "the runner: a command's e-mails after its commit",
  'lib/mail/mail-outbox.ts': 'the outbox itself (deliverMail, deliverDueMail)',
  'lib/mail/send-mail.ts': 'the SMTP send the outbox calls',
  'lib/mail/deliver-mail-job-route.ts': 'the deliver-mail job, run now',
};

/** Every .ts file under `dir` but tests, relative to pb_hooks/src. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

/** The lines of `text` calling the mailer, comment lines aside. */
export function sendingLines(text: string): string[] {
  return text.split('\n').filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && SENDING.test(line));
}

describe('who calls the mailer', () => {
  it('tells a call from a mention', () => {
    expect(sendingLines('  deliverMail(app, queueMailNow(app, [notice]));')).toHaveLength(1);
    expect(sendingLines('  app.newMailClient().send(message);')).toHaveLength(1);
    expect(sendingLines(' * deliverMail sends given rows right after that transaction commits')).toEqual([]);
    expect(sendingLines("import { deliverMailJobRoute } from './mail/deliver-mail-job-route';")).toEqual([]);
  });

  it('is the runner, the outbox and the deliver-mail job only', () => {
    const callers = sources(SRC)
      .filter((file) => sendingLines(readFileSync(join(SRC, file), 'utf8')).length > 0)
      .map((file) => file.split('\\').join('/'))
      .sort();
    expect(callers.filter((file) => !(file in SENDERS))).toEqual([]);
  });
});
