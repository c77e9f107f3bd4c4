// The owner's way back in when strangers' failed sign-ins lock an account
// (issue 18, docs/security.md): a botnet (failed logins from many addresses,
// through TRUST_PROXY's X-Forwarded-For) trips the account's ceiling; the owner,
// on a device the account does not know, is refused with the form's explanation;
// the unlock link from the e-mail lockerd really sent opens the unlock screen,
// after which the owner signs in with the password; the link works only once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { waitForPath } from '../lib/forms.mjs';
import { appVersion } from '../lib/version.mjs';

const ceiling = 50; // loginAccountFailures in internal/app/services.go
const ownerAddress = '192.0.2.77'; // a client the account has never seen

const stack = await stackForFile({ TRUST_PROXY: 'true' });
const { server, mailbox, browser } = stack;

/** failLogin makes one wrong sign-in from the given client address. */
async function failLogin(email, address) {
  const res = await fetch(`${server.url}/c-core/trpc/hybrid/auth.login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password: 'not-the-password', device: { appVersion, deviceName: 'bot', platform: 'web', model: 'x', osVersion: 'x', webViewVersion: null } }),
  });
  return (await res.json()).error?.data?.appCode;
}

async function signIn(page, email, password) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('unlocking an account locked by strangers', () => {
  it('lets the owner in through the e-mailed link, once', async () => {
    const owner = await registerUser(server.url, mailbox);
    const attackStarted = Date.now();
    for (let i = 1; i <= ceiling; i++) {
      assert.equal(await failLogin(owner.email, `198.51.100.${i}`), 'MISSING_OR_INVALID_PASSWORD', `failure ${i}`);
    }
    assert.equal(await failLogin(owner.email, '198.51.100.200'), 'TOO_MANY_REQUESTS', 'the ceiling holds for strangers');

    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownerAddress });
    await page.goto('/login');
    await signIn(page, owner.email, owner.password);
    const form = page.locator('section[data-page="login"]');
    await form.getByText('Too many failed sign-ins.', { exact: false }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/login', 'not signed in while locked');
    await screenshot(page, 'unlock-login-refused');

    const mail = await mailbox.messageFor(owner.email, { after: attackStarted });
    assert.equal(mail.subject, 'Unlock signing in to Lockers');
    const link = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/login/unlock#[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    assert.ok(link, `an unlock link in the e-mail: ${mail.text}`);

    await page.goto(link);
    const screen = page.locator('section[data-page="unlock"]');
    await screen.getByRole('heading', { name: 'Unlock signing in' }).waitFor();
    await screen.getByText('Signing in is unlocked on this device.', { exact: false }).waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the spent token leaves the address bar');
    await screenshot(page, 'unlock-done');
    await screen.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await signIn(page, owner.email, owner.password);
    await waitForPath(page, '/');
    assert.ok(await page.evaluate(() => localStorage.getItem('Bearer')), 'signed in');

    // Opened again (from another tab), the link is spent.
    const again = await newPage(browser, server.url, { viewport: viewports.desktop });
    await again.goto(link);
    const spent = again.locator('section[data-page="unlock"]');
    await spent.getByText('This unlock link has already been used or has expired.', { exact: false }).waitFor();
    await spent.getByRole('link', { name: 'Reset your password' }).waitFor();
    await screenshot(again, 'unlock-spent');

    // The only problems on the way are the refused sign-in and the spent link.
    const expected = /auth\.(login|unlock)|status of (429|404)/;
    assert.deepEqual(page.problems.filter((p) => !expected.test(p)), []);
    assert.deepEqual(again.problems.filter((p) => !expected.test(p)), []);
    await page.closeAll();
    await again.closeAll();
  });
});
