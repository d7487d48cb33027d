/**
 * The e-mails the running test's e2e server sent, as received by its SMTP sink (global-setup.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { e2eServer } from './constants';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

function received(): ReceivedMail[] {
  const file = e2eServer().mailFile;
  if (!existsSync(file)) throw new Error(`No SMTP sink: ${file} does not exist (is e2e/support/global-setup.ts configured?)`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** The first received e-mail matching `predicate`, polling for up to `timeoutMs`. */
export async function waitForMail(predicate: (m: ReceivedMail) => boolean, timeoutMs = 10_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = received().find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching e-mail within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
