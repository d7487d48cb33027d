/**
 * Playwright global setup: a real SMTP sink for each e2e server (E2E_SERVERS, see the webServer
 * env in playwright.config.ts). Tests run in worker processes, so every message a sink receives
 * is appended as one JSON line to its server's mailFile, which e2e/support/mail.ts reads. The
 * teardown also removes this run's output dir when it is empty (each run has its own:
 * playwright.config.ts).
 */
import { appendFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import { E2E_SERVERS } from './constants';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const sinks = await Promise.all(
    E2E_SERVERS.map(({ smtpPort, mailFile }) => {
      writeFileSync(mailFile, '');
      return startSmtpSink(smtpPort, (mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
        const record = {
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
        };
        appendFileSync(mailFile, `${JSON.stringify(record)}\n`);
      });
    }),
  );
  return async () => {
    await Promise.all(sinks.map((sink) => sink.stop()));
    if (process.env.E2E_MAIL_DIR) rmSync(process.env.E2E_MAIL_DIR, { recursive: true, force: true });
    for (const project of config.projects) {
      try {
        rmdirSync(project.outputDir);
      } catch {
        /* it holds a failed test's traces, or was never made */
      }
    }
  };
}
