/**
 * A real SMTP server on a free local port (nodemailer's smtp-server) that parses every message
 * it receives (mailparser), for tests of the e-mails the server sends.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpSink {
  port: number;
  messages: ParsedMail[];
  /** Resolves with the first received message matching `predicate` (polls up to `timeoutMs`). */
  waitFor: (predicate: (m: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail>;
  /** Holds each new connection's greeting this long (0: at once): a slow mail server, mid-send at a crash. */
  setGreetingDelay: (ms: number) => void;
  stop: () => Promise<void>;
}

/**
 * Starts the sink on `port` (0: any free port). `onMessage` also sees each parsed message, e.g.
 * to hand it to another process (the Playwright workers read a file the global setup writes).
 */
export async function startSmtpSink(port = 0, onMessage?: (mail: ParsedMail) => void): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let greetingDelayMs = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      if (greetingDelayMs > 0) setTimeout(() => callback(), greetingDelayMs);
      else callback();
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          onMessage?.(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: actualPort,
    messages,
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No matching e-mail within ${timeoutMs} ms (received ${messages.length})`);
    },
    setGreetingDelay: (ms) => (greetingDelayMs = ms),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
