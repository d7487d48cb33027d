/**
 * Playwright global setup: a real SMTP sink on E2E_SMTP_PORT for the e2e server (see the
 * webServer env in playwright.config.ts). Tests run in worker processes, so every received
 * message is appended as one JSON line to the file named by E2E_MAIL_FILE, which
 * e2e/support/mail.ts reads. The teardown also removes this run's output dir when it is empty
 * (each run has its own: playwright.config.ts).
 */
import { appendFileSync, mkdtempSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startSmtpSink } from '../../tests/support/smtp-sink';
import { E2E_SMTP_PORT } from './constants';

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-mail-'));
  const file = path.join(dir, 'mail.jsonl');
  writeFileSync(file, '');
  process.env.E2E_MAIL_FILE = file;
  const sink = await startSmtpSink(E2E_SMTP_PORT, (mail) => {
    const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
    const record = {
      to,
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: typeof mail.html === 'string' ? mail.html : '',
      attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
    };
    appendFileSync(file, `${JSON.stringify(record)}\n`);
  });
  return async () => {
    await sink.stop();
    rmSync(dir, { recursive: true, force: true });
    for (const project of config.projects) {
      try {
        rmdirSync(project.outputDir);
      } catch {
        /* it holds a failed test's traces, or was never made */
      }
    }
  };
}
