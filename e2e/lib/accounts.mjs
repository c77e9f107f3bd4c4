// Creates a real, verified user through the public API (register → e-mailed code →
// verify → set password), as a person would, and returns their bearer token.
import { client } from './trpc.mjs';
import { appVersion } from './version.mjs';

export const device = {
  appVersion, deviceName: 'e2e', platform: 'web', model: 'node', osVersion: 'linux', webViewVersion: null,
};

let seq = 0;

/** registerUser returns { email, password, token, user } of a new verified account; email may be given (a unique one). */
export async function registerUser(baseURL, mailbox, { language = 'en', password = 'secret-pass', email = `user.${process.pid}.${Date.now()}.${++seq}@example.com` } = {}) {
  const hybrid = `${baseURL}/c-core/trpc/hybrid`;
  const { trpc } = client(hybrid, 'httpBatchLink');
  const started = Date.now();
  await trpc.auth.register.mutate({ email, acceptTerms: true, language });
  const code = await mailbox.codeFor(email, { after: started });
  const { verificationToken } = await trpc.auth.verify.mutate({ email, code });
  const auth = await trpc.auth.setPassword.mutate({ verificationToken, password, passwordRepeat: password, device });
  return { email, password, token: auth.token, user: auth.user };
}
