// What a consumer journey runs against: a mailbox, lockerd sending its mail there (codes, receipts), and
// chromium; plus the user API as a signed-in app calls it.
import { after } from 'node:test';
import { launch } from './browser.mjs';
import { startLockerd } from './lockerd.mjs';
import { startMailbox } from './mailbox.mjs';
import { client } from './trpc.mjs';

/**
 * startStack starts the three (the browser unless browser is false: the contract tests need none); env adds
 * to lockerd's environment. api(token) is the user API's tRPC client (batched, as the app's), signed in when
 * token is given; stop() ends them all.
 */
export async function startStack(env = {}, { browser: withBrowser = true } = {}) {
  const mailbox = await startMailbox();
  const server = await startLockerd({ env: { SMTP_URL: mailbox.smtpURL, MAIL_FROM: 'Lockers <no-reply@lockers.test>', ...env } });
  const browser = withBrowser ? await launch() : null;
  const hybrid = `${server.url}/c-core/trpc/hybrid`;
  return {
    mailbox,
    server,
    browser,
    api: (token) => client(hybrid, 'httpBatchLink', token ? { headers: { authorization: `Bearer ${token}` } } : {}).trpc,
    stop: async () => {
      await browser?.close();
      await server.stop();
      await mailbox.stop();
    },
  };
}

/**
 * stackForFile starts the stack while a test file loads (await it at the top of the file) and stops it
 * after the file's tests: the set-up every journey file shares, in one place.
 */
export async function stackForFile(env = {}, options = {}) {
  const stack = await startStack(env, options);
  after(() => stack.stop());
  return stack;
}
