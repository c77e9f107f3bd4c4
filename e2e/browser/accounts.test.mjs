// The accounts journey in Chromium on a phone-sized screen, against the real binary and
// a real SMTP server: a new user registers (the code is read from the e-mail lockerd
// sent), signs out, signs in, changes the name, confirms a phone number by the texted
// code, resets the password, switches the app to Estonian from the profile and deletes
// the account. No console errors, failed requests or HTTP error answers are allowed
// anywhere on the way. Screenshots of every screen, on a phone and a desktop and in
// both languages, land in e2e/artifacts/accounts-*.png.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { device, registerUser } from '../lib/accounts.mjs';
import { newPage, screenshot, viewports } from '../lib/browser.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { typeCode, waitForPath } from '../lib/forms.mjs';
import { smsCodeFor } from '../lib/sms-log.mjs';
import { client } from '../lib/trpc.mjs';
import { appVersion } from '../lib/version.mjs';

// LOG_LEVEL info: without SMS_URL the texted codes are printed to the log, where the journey reads them.
const stack = await stackForFile({ LOG_LEVEL: 'info' });
const { server, mailbox, browser } = stack;

describe('accounts in the browser', () => {
  const email = `mari.${Date.now()}@example.com`;
  const firstPassword = 'kapid-2026';
  const newPassword = 'uus-parool-7';

  it('registers, signs out and in, resets the password, switches to Estonian and deletes the account', async () => {
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    const clean = (where) => assert.deepEqual(page.problems, [], `${where}: no console errors or failed requests`);
    try {
      // Registration step 1: e-mail and terms.
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await page.getByText('Email required').waitFor();
      await page.getByText('Must Accept Terms').waitFor();
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }).check();
      await screenshot(page, 'accounts-register-phone-en');
      const started = Date.now();
      await page.getByRole('button', { name: 'Send me a code' }).click();

      // Step 2: the code from the e-mail, typed digit by digit into the cells.
      await waitForPath(page, '/register/verify');
      await page.getByRole('group', { name: 'Verification code' }).waitFor();
      assert.ok(await page.getByText(email).isVisible(), 'the screen names the address the code went to');
      await shoot(page, 'accounts-verify');
      const code = await mailbox.codeFor(email, { after: started });
      await typeCode(page, code);

      // Step 3: the password twice (checked on the client first).
      await waitForPath(page, '/register/password');
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('Repeat the password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Save the password' }).click();
      await page.getByText('Password must be between 6 to 18 characters.').waitFor();
      await page.getByLabel('New password', { exact: true }).fill(firstPassword);
      await page.getByLabel('Repeat the password', { exact: true }).fill(`${firstPassword}x`);
      await page.getByRole('button', { name: 'Save the password' }).click();
      await page.getByText('Passwords must match.').waitFor();
      await page.getByLabel('Repeat the password', { exact: true }).fill(firstPassword);
      await screenshot(page, 'accounts-password-phone-en');
      await page.getByRole('button', { name: 'Save the password' }).click();

      // Step 4: profile; the first name is required.
      await waitForPath(page, '/register/profile');
      assert.ok(await page.evaluate(() => !!localStorage.getItem('Bearer')), 'set-password signed the user in');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Firstname required').waitFor();
      await page.getByLabel('First name').fill('Mari');
      await page.getByLabel('Last name').fill('Maasikas');
      await shoot(page, 'accounts-profile-step');
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 5: the default station, from station.list.
      await waitForPath(page, '/register/station');
      await page.getByRole('radio', { name: /Viru Keskus/ }).check();
      await shoot(page, 'accounts-station-step');
      await page.getByRole('button', { name: 'Save' }).click();

      // The tutorial follows registration (issue 28), and its last step leads on.
      await waitForPath(page, '/tutorial/welcome');
      // Each step's own Next: on a loaded machine the step before may still be on screen, and its Next again.
      for (const next of ['/tutorial/receive', '/tutorial/send', '/tutorial/store']) {
        await page.getByRole('link', { name: 'Next' }).and(page.locator(`a[href="${next}"]`)).click();
        await waitForPath(page, next);
      }
      await page.getByRole('link', { name: 'Start using Lockers' }).click();

      // Step 6: done, with the first 3 orders free.
      await waitForPath(page, '/register/done');
      await page.getByText('Your first 3 orders are free.').waitFor();
      await shoot(page, 'accounts-done');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await page.getByRole('heading', { name: /^Hello, Mari/ }).waitFor();
      clean('registration');

      // Sign out from the account settings, reached through the phone menu.
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('link', { name: 'Account settings' }).last().click();
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      await page.getByText('Viru Keskus').waitFor();
      await shoot(page, 'accounts-profile');
      await signOut(page);
      clean('sign-out');

      // Sign in again; back on the home page.
      await signIn(page, email, firstPassword);
      await page.getByRole('heading', { name: /^Hello, Mari/ }).waitFor();
      clean('sign-in');

      // Personal details: the name can be changed; the phone screen is reachable.
      await page.goto('/profile/personal');
      await page.getByRole('heading', { name: 'Personal details' }).waitFor();
      await shoot(page, 'accounts-personal');
      await page.getByRole('link', { name: /^Name/ }).click();
      await waitForPath(page, '/profile/personal/name');
      await page.getByLabel('First name').fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Firstname required').waitFor();
      await page.getByLabel('First name').fill('Mari-Liis');
      await shoot(page, 'accounts-name');
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, '/profile/personal');
      await page.getByRole('link', { name: 'Name Mari-Liis Maasikas' }).waitFor();
      await page.getByRole('link', { name: /^Phone number/ }).click();
      await waitForPath(page, '/profile/personal/phone');
      await page.getByLabel('Phone number').fill('5123 4567');
      await shoot(page, 'accounts-phone');
      await page.getByRole('button', { name: 'Send the code' }).click();
      await waitForPath(page, '/profile/personal/phone/verify/372/51234567');
      await shoot(page, 'accounts-phone-verify');
      await typeCode(page, await smsCodeFor(server, '+37251234567'));
      await waitForPath(page, '/profile/personal');
      await page.getByText('Your phone number has been confirmed.').waitFor();
      await page.getByRole('link', { name: /^Phone number \+372 51234567 Confirmed/ }).waitFor();
      clean('personal details');

      // Reset the password from the sign-in screen.
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      await signOut(page);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await waitForPath(page, '/reset');
      await page.getByLabel('E-mail').fill(email);
      const resetStarted = Date.now();
      await page.getByRole('button', { name: 'Send me a code' }).click();
      await waitForPath(page, '/reset/verify');
      const resetCode = await mailbox.codeFor(email, { after: resetStarted });
      await typeCode(page, resetCode);
      await waitForPath(page, '/reset/password');
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Repeat the password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Save the password' }).click();
      await page.getByText('Your password has been changed.').waitFor();
      await page.getByRole('heading', { name: /^Hello, Mari/ }).waitFor();
      clean('reset');

      // The new password works.
      await page.goto('/profile');
      await signOut(page);
      await signIn(page, email, newPassword);
      await page.getByRole('heading', { name: /^Hello, Mari/ }).waitFor();

      // Language: Estonian at once, saved to the account, kept after a reload.
      await page.goto('/profile');
      await page.getByRole('link', { name: /^Language/ }).click();
      await waitForPath(page, '/profile/language');
      await page.getByRole('radio', { name: 'Eesti' }).check();
      await page.getByRole('heading', { name: 'Keel', exact: true }).waitFor();
      await page.getByText('Keel on salvestatud.').waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'et');
      await shoot(page, 'accounts-language');
      const saved = await page.evaluate(async (appVersion) => {
        const input = encodeURIComponent(JSON.stringify({ 0: { appVersion, deviceName: 'e2e', platform: 'web', model: 'e2e', osVersion: '1', webViewVersion: null } }));
        const res = await fetch(`/c-core/trpc/hybrid/auth.authorize?batch=1&input=${input}`, {
          headers: { authorization: `Bearer ${localStorage.getItem('Bearer')}` },
        });
        return (await res.json())[0].result.data.user.language;
      }, appVersion);
      assert.equal(saved, 'et', 'the language is stored on the account');
      await page.reload();
      await page.getByRole('heading', { name: 'Keel', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Tagasi' }).click();
      await page.getByRole('heading', { name: 'Konto seaded' }).waitFor();
      assert.ok(await page.getByRole('button', { name: 'Logi välja' }).isVisible(), 'the profile is in Estonian');
      await shoot(page, 'accounts-profile');
      clean('language');

      // Delete the account: a reason is required, then a confirmation.
      await page.getByRole('link', { name: /^Kustuta konto/ }).click();
      await waitForPath(page, '/profile/delete');
      await page.getByRole('button', { name: 'Kustuta minu konto' }).click();
      await page.getByText('Põhjus on puudu').waitFor();
      await page.getByLabel('Miks sa lahkud?').fill('Kolin välismaale');
      await shoot(page, 'accounts-delete');
      await page.getByRole('button', { name: 'Kustuta minu konto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Kas kustutada konto?' });
      await dialog.waitFor();
      await screenshot(page, 'accounts-delete-confirm-phone-et');
      await dialog.getByRole('button', { name: 'Jah, kustuta' }).click();
      await waitForPath(page, '/login');
      await page.getByText('Sinu konto on kustutatud.').waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('Bearer')), null, 'the token is gone');
      assert.equal(await page.evaluate(() => localStorage.getItem('language')), null, 'local storage was cleared');
      clean('delete');
    } finally {
      await page.closeAll();
    }
  });

  // Issue 28: a first visit follows the browser's language, and a language chosen before
  // signing in is not overturned by the account's but saved to it.
  it('follows the browser on a first visit and keeps a language chosen before sign-in', async () => {
    const estonian = await newPage(browser, server.url, { viewport: viewports.phone, locale: 'et-EE' });
    try {
      await estonian.goto('/login');
      await estonian.getByRole('heading', { level: 1, name: 'Logi sisse' }).waitFor();
      assert.equal(await estonian.locator('html').getAttribute('lang'), 'et');
      // A first visit is welcomed, not greeted as a returning user.
      await estonian.getByText(/^Tere tulemast! Logi sisse/).waitFor();
      assert.equal(await estonian.getByText(/tagasi!/).count(), 0);
      assert.equal(await estonian.evaluate(() => localStorage.getItem('language')), null, 'nothing chosen yet');
      await screenshot(estonian, 'accounts-first-visit-browser-et');
      assert.deepEqual(estonian.problems, []);
    } finally {
      await estonian.closeAll();
    }

    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const page = await newPage(browser, server.url, { viewport: viewports.phone });
    try {
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      await page.getByRole('button', { name: 'ET Eesti', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Logi sisse' }).waitFor();
      await page.getByLabel('E-post').fill(user.email);
      await page.getByLabel('Parool', { exact: true }).fill(user.password);
      const saved = page.waitForResponse((r) => r.url().includes('auth.update') && r.ok());
      await page.getByRole('button', { name: 'Logi sisse' }).last().click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { level: 1, name: /^Tere/ }).waitFor();
      await saved;
      assert.equal(await page.locator('html').getAttribute('lang'), 'et', 'the choice survived the sign-in');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /^Tere/ }).waitFor();
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
    const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpLink');
    const auth = await trpc.auth.login.mutate({ email: user.email, password: user.password, device });
    assert.equal(auth.user.language, 'et', 'the choice is the account’s language now');
  });

  // Issue 14: the toast after a password reset was English on an Estonian screen. One
  // language source: the header switch saves Estonian to the account, the reset signs
  // in with it, and the toast is in the language on the screen.
  it('resets the password in Estonian and says so in Estonian', async () => {
    const user = await registerUser(server.url, mailbox, { language: 'en' });
    const newPass = 'uus-parool-14';
    const page = await newPage(browser, server.url, { viewport: viewports.phone, storage: { language: 'en-US', Bearer: user.token } });
    try {
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Account settings' }).waitFor();
      const saved = page.waitForResponse((r) => r.url().includes('auth.update') && r.ok());
      await page.getByRole('button', { name: 'Eesti' }).click();
      await page.getByRole('heading', { name: 'Konto seaded' }).waitFor();
      await saved;
      await page.getByRole('button', { name: 'Logi välja' }).click();
      await waitForPath(page, '/login');

      await page.getByRole('link', { name: 'Unustasid parooli?' }).click();
      await waitForPath(page, '/reset');
      await page.getByRole('heading', { level: 1, name: 'Lähtesta parool' }).waitFor();
      await page.getByLabel('E-post').fill(user.email);
      const started = Date.now();
      await page.getByRole('button', { name: 'Saada mulle kood' }).click();
      await waitForPath(page, '/reset/verify');
      await typeCode(page, await mailbox.codeFor(user.email, { after: started }));
      await waitForPath(page, '/reset/password');
      await page.getByLabel('Uus parool', { exact: true }).fill(newPass);
      await page.getByLabel('Korda parooli', { exact: true }).fill(newPass);
      await page.getByRole('button', { name: 'Salvesta parool' }).click();

      // The toast, in Estonian, and the user is signed in on an Estonian home screen.
      await page.getByText('Sinu parool on muudetud.').waitFor();
      assert.equal(await page.getByText('Your password has been changed.').count(), 0, 'no English toast');
      await waitForPath(page, '/');
      await page.getByRole('heading', { level: 1, name: /^Tere/ }).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), 'et');
      await screenshot(page, 'accounts-reset-toast-phone-et');
      assert.deepEqual(page.problems, []);
    } finally {
      await page.closeAll();
    }
    // What the reset did: the new password signs in, the old one no longer does.
    const { trpc } = client(`${server.url}/c-core/trpc/hybrid`, 'httpLink');
    const auth = await trpc.auth.login.mutate({ email: user.email, password: newPass, device });
    assert.equal(auth.user.language, 'et', 'the account keeps the language chosen with the switch');
    await assert.rejects(trpc.auth.login.mutate({ email: user.email, password: user.password, device }));
  });

  it('shows every public account screen on a phone and a desktop in both languages', async () => {
    const screens = [
      ['/tutorial', { en: 'Getting started', et: 'Alustamine' }],
      ['/tutorial/welcome', { en: 'Welcome', et: 'Tere tulemast' }],
      ['/tutorial/store', { en: 'Store your things', et: 'Asjade hoiustamine' }],
      ['/login', { en: 'Sign in', et: 'Logi sisse' }],
      ['/register', { en: 'Create an account', et: 'Loo konto' }],
      ['/reset', { en: 'Reset your password', et: 'Lähtesta parool' }],
      ['/reset/verify', { en: 'Enter the code', et: 'Sisesta kood' }],
    ];
    for (const [lang, stored] of [['en', 'en-US'], ['et', 'et']]) {
      for (const [size, viewport] of Object.entries(viewports)) {
        const page = await newPage(browser, server.url, { viewport, storage: { language: stored } });
        try {
          for (const [path, titles] of screens) {
            page.problems.length = 0;
            await page.goto(path);
            await page.getByRole('heading', { level: 1, name: titles[lang], exact: true }).waitFor();
            await screenshot(page, `accounts${path.replaceAll('/', '-')}-${size}-${lang}`);
            assert.deepEqual(page.problems, [], `${path} ${size} ${lang}`);
          }
          // The tutorial says the first 3 orders are free.
          await page.goto('/tutorial');
          const free = { en: 'Your first 3 orders are free.', et: 'Sinu esimesed 3 tellimust on tasuta.' };
          await page.getByText(free[lang]).waitFor();
        } finally {
          await page.closeAll();
        }
      }
    }
  });
});

/** shoot saves the screen on a phone and on a desktop (name-phone-xx.png, name-desktop-xx.png). */
async function shoot(page, name) {
  const lang = (await page.locator('html').getAttribute('lang')) === 'et' ? 'et' : 'en';
  await screenshot(page, `${name}-phone-${lang}`);
  await page.setViewportSize(viewports.desktop);
  await screenshot(page, `${name}-desktop-${lang}`);
  await page.setViewportSize(viewports.phone);
}

async function signOut(page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await waitForPath(page, '/login');
  await page.getByText('You have been signed out.').waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('Bearer')), null);
}

async function signIn(page, email, password) {
  await waitForPath(page, '/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitForPath(page, '/');
}
