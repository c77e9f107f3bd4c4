// Contract test of the accounts journey with the unmodified @trpc/client against the
// real binary: register → code by real e-mail → password → profile → logout → login →
// reset → the old token is dead → delete. Error codes are read from data.appCode.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startLockerd } from '../lib/lockerd.mjs';
import { startMailbox } from '../lib/mailbox.mjs';
import { client, rejection } from '../lib/trpc.mjs';
import { appVersion } from '../lib/version.mjs';

const device = { appVersion, deviceName: 'contract', platform: 'web', model: 'node', osVersion: 'linux', webViewVersion: null };
let server;
let mailbox;
let hybrid;

before(async () => {
  mailbox = await startMailbox();
  server = await startLockerd({ env: { SMTP_URL: mailbox.smtpURL, MAIL_FROM: 'Lockers <no-reply@lockers.test>' } });
  hybrid = `${server.url}/c-core/trpc/hybrid`;
});

after(async () => {
  await server?.stop();
  await mailbox?.stop();
});

const anon = () => client(hybrid, 'httpBatchLink').trpc;
const signedIn = (token) => client(hybrid, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;

describe('accounts over @trpc/client', () => {
  const email = `ann.${Date.now()}@example.com`;
  const password = 'correct-horse';
  let token;

  it('auth.authorize without a session answers user null and whether to update', async () => {
    const res = await anon().auth.authorize.query(device);
    assert.equal(res.user, null);
    assert.equal(res.token, null);
    assert.equal(res.shouldUpdate, false);
    const old = await anon().auth.authorize.query({ ...device, appVersion: '5.2.9' });
    assert.equal(old.shouldUpdate, true);
  });

  it('registration refuses missing terms and a bad e-mail with catalogue codes', async () => {
    const terms = await rejection(anon().auth.register.mutate({ email, acceptTerms: false, language: 'en' }));
    assert.equal(terms.data.appCode, 'MUST_ACCEPT_TERMS');
    const bad = await rejection(anon().auth.register.mutate({ email: 'not-an-email', acceptTerms: true, language: 'en' }));
    assert.equal(bad.data.appCode, 'EMAIL_NOT_VALID');
  });

  it('registers with the e-mailed code, sets a password and is signed in', async () => {
    const started = Date.now();
    const sent = await anon().auth.register.mutate({ email, acceptTerms: true, language: 'en' });
    assert.equal(sent.email, email);
    const tooSoon = await rejection(anon().auth.recall.mutate({ email }));
    assert.equal(tooSoon.data.appCode, 'VERIFICATION_TOO_SOON');
    const code = await mailbox.codeFor(email, { after: started });
    const wrong = await rejection(anon().auth.verify.mutate({ email, code: code === '000000' ? '111111' : '000000' }));
    assert.ok(['VERIFICATION_NOT_FOUND', 'MISSING_VERIFICATION_CODE', 'BAD_INPUT'].includes(wrong.data.appCode), wrong.data.appCode);
    const { verificationToken } = await anon().auth.verify.mutate({ email, code });
    const mismatch = await rejection(
      anon().auth.setPassword.mutate({ verificationToken, password, passwordRepeat: 'other-pass', device }),
    );
    assert.equal(mismatch.data.appCode, 'PASSWORD_MISMATCH');
    const auth = await anon().auth.setPassword.mutate({ verificationToken, password, passwordRepeat: password, device });
    assert.equal(typeof auth.token, 'string');
    assert.ok(auth.token.length >= 22);
    assert.equal(auth.user.email, email);
    token = auth.token;
    const again = await rejection(anon().auth.register.mutate({ email, acceptTerms: true, language: 'en' }));
    assert.equal(again.data.appCode, 'USER_ALREADY_EXISTS');
  });

  it('updates the profile and answers auth.authorize with the same token', async () => {
    const res = await signedIn(token).auth.update.mutate({ firstName: 'Ann', lastName: 'Tamm', language: 'et' });
    assert.equal(res.user.firstName, 'Ann');
    assert.equal(res.user.language, 'et');
    const me = await signedIn(token).auth.authorize.query(device);
    assert.equal(me.token, token);
    assert.equal(me.user.lastName, 'Tamm');
    assert.deepEqual(me.user.roles, []);
  });

  it('logout kills the token; login with a wrong password and an unknown e-mail answer alike', async () => {
    await signedIn(token).auth.logout.mutate();
    const dead = await signedIn(token).auth.authorize.query(device);
    assert.equal(dead.user, null);
    const wrong = await rejection(anon().auth.login.mutate({ email, password: 'wrong-pass', device }));
    const unknown = await rejection(anon().auth.login.mutate({ email: `x${email}`, password: 'wrong-pass', device }));
    assert.equal(wrong.data.appCode, 'MISSING_OR_INVALID_PASSWORD');
    assert.equal(unknown.data.appCode, wrong.data.appCode);
    assert.equal(unknown.message, wrong.message);
    const auth = await anon().auth.login.mutate({ email, password, device });
    token = auth.token;
  });

  it('a password reset revokes the other sessions', async () => {
    const started = Date.now();
    await anon().auth.reset.mutate({ email });
    const code = await mailbox.codeFor(email, { after: started });
    const { verificationToken } = await anon().auth.verify.mutate({ email, code });
    const auth = await anon().auth.setPassword.mutate({
      verificationToken, password: 'new-password', passwordRepeat: 'new-password', device,
    });
    assert.equal((await signedIn(token).auth.authorize.query(device)).user, null);
    const replay = await rejection(
      anon().auth.setPassword.mutate({ verificationToken, password: 'again-pass', passwordRepeat: 'again-pass', device }),
    );
    assert.ok(replay.data.appCode, 'a spent verification token is refused');
    token = auth.token;
  });

  it('deletes the account with a reason; the e-mail can no longer sign in', async () => {
    const note = await rejection(signedIn(token).auth.remove.mutate({ reason: '' }));
    assert.equal(note.data.appCode, 'MISSING_NOTE');
    await signedIn(token).auth.remove.mutate({ reason: 'moving abroad' });
    assert.equal((await signedIn(token).auth.authorize.query(device)).user, null);
    const login = await rejection(anon().auth.login.mutate({ email, password: 'new-password', device }));
    assert.equal(login.data.appCode, 'MISSING_OR_INVALID_PASSWORD');
  });

  it('signed-in procedures refuse a caller without a token', async () => {
    const err = await rejection(anon().auth.update.mutate({ firstName: 'X' }));
    assert.equal(err.data.appCode, 'UNAUTHORIZED');
    assert.equal(err.data.httpStatus, 401);
  });
});
