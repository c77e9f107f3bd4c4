// A real SMTP server for black-box tests (nodemailer's smtp-server): lockerd is
// started with SMTP_URL pointing here, and tests read verification codes from the
// messages it really sent.
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { freePort } from './lockerd.mjs';

/**
 * startMailbox listens on a free loopback port. Returns { smtpURL, messages, codeFor(email), stop() }.
 * codeFor waits for the newest message to the address received after the call started
 * (or already waiting since `since`) and returns its 6-digit code.
 */
export async function startMailbox() {
  const messages = [];
  const waiters = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = mail.to?.value?.map((a) => a.address.toLowerCase()) ?? [];
          const msg = { to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '', at: Date.now() };
          messages.push(msg);
          for (const w of waiters) w();
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise((res, rej) => {
    server.once('error', rej);
    server.listen(port, '127.0.0.1', res);
  });

  async function messageFor(email, { after = 0, timeoutMs = 10000 } = {}) {
    const want = email.toLowerCase();
    const find = () => messages.filter((m) => m.to.includes(want) && m.at >= after).at(-1);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = find();
      if (m) return m;
      await new Promise((r) => {
        const done = () => {
          waiters.delete(done);
          r();
        };
        waiters.add(done);
        setTimeout(done, 200);
      });
    }
    throw new Error(`no e-mail to ${email} within ${timeoutMs} ms (got ${messages.length} in all)`);
  }

  return {
    smtpURL: `smtp://127.0.0.1:${port}?tls=none`,
    messages,
    messageFor,
    async codeFor(email, opts) {
      const m = await messageFor(email, opts);
      const code = /\b(\d{6})\b/.exec(m.text)?.[1];
      if (!code) throw new Error(`no 6-digit code in the e-mail to ${email}: ${m.text}`);
      return code;
    },
    stop: () => new Promise((r) => server.close(r)),
  };
}
