// The back office's station form with two operators at once (issue 46): a save with several bad
// fields flags every one of them and changes nothing; a save made stale by a colleague's keeps what
// the second operator typed, shows the colleague's value under each field that differs, and saves
// over it on request.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { registerUser } from '../lib/accounts.mjs';
import { grantRole } from '../lib/lockerd.mjs';
import { assertClean, open } from '../lib/pages.mjs';
import { stackForFile } from '../lib/stack.mjs';
import { client } from '../lib/trpc.mjs';

const ulemiste = '11111111-1111-4111-8111-000000000002';

const { server, mailbox, browser } = await stackForFile();
let alice; // ADMIN
let bob; // ADMIN

const adminApi = (token) => client(`${server.url}/c-core/trpc/admin`, 'httpBatchLink', { headers: { authorization: `Bearer ${token}` } }).trpc;
const stationNow = async () => (await adminApi(alice.token).stations.get.query({ stationUuid: ulemiste })).station.station;

before(async () => {
  [alice, bob] = await Promise.all([0, 1].map(() => registerUser(server.url, mailbox)));
  grantRole(server, alice.email, 'ADMIN');
  grantRole(server, bob.email, 'ADMIN');
});

/** operator opens the station's page as who, in a browser context of their own. */
const operator = (who) => open(browser, server.url, { token: who.token, path: `/admin/stations?station=${ulemiste}` });

describe('station form', () => {
  it('flags every bad field at once; a stale save keeps what was typed and saves over the colleague on request', async () => {
    const before = await stationNow();
    const a = await operator(alice);
    const b = await operator(bob);
    try {
      const fa = a.getByRole('form', { name: 'Station details' });
      const fb = b.getByRole('form', { name: 'Station details' });
      await fb.getByLabel('City').waitFor(); // B has read the station before A saves

      await fa.getByLabel('Name').fill('');
      await fa.getByLabel('City').fill('');
      await fa.getByLabel('Latitude').fill('95');
      await fa.getByRole('button', { name: 'Save' }).click();
      await fa.getByText('A name is required (at most 200 characters).').waitFor();
      await fa.getByText('A city is required (at most 100 characters).').waitFor();
      await fa.getByText('Latitude is between −90 and 90 (decimal degrees, e.g. 59.4366).').waitFor();
      for (const label of ['Name', 'City', 'Latitude']) assert.equal(await fa.getByLabel(label).getAttribute('aria-invalid'), 'true', `${label} flagged`);
      assert.equal(await fa.getByLabel('Address').getAttribute('aria-invalid'), null, 'a good field is not flagged');
      assert.deepEqual(await stationNow(), before, 'a refused save changes nothing');

      await fa.getByLabel('Name').fill('Ülemiste (A)');
      await fa.getByLabel('City').fill(before.city);
      await fa.getByLabel('Latitude').fill(String(before.latitude));
      await fa.getByRole('button', { name: 'Save' }).click();
      await a.getByText('Saved.').waitFor();

      await fb.getByLabel('City').fill('Tallinn (B)');
      await fb.getByLabel('Opening hours').fill('Mo-Fr 08:00-20:00');
      await fb.getByRole('button', { name: 'Save' }).click();
      await fb.getByText(/Another operator saved this station while you were editing/).waitFor();
      assert.equal(await fb.getByLabel('City').inputValue(), 'Tallinn (B)', "B's typing is kept");
      assert.equal(await fb.getByLabel('Opening hours').inputValue(), 'Mo-Fr 08:00-20:00');
      await fb.getByText('Saved by the other operator: Ülemiste (A)').waitFor();
      assert.equal((await stationNow()).name, 'Ülemiste (A)', "A's save stands until B saves over it");

      await fb.getByRole('button', { name: 'Save mine over theirs' }).click();
      await b.getByText('Saved.').waitFor();
      const now = await stationNow();
      assert.equal(now.city, 'Tallinn (B)');
      assert.equal(now.openingHours, 'Mo-Fr 08:00-20:00');
      assert.equal(now.name, before.name, "B's form held the name B saw, and B chose to save over A's");
      // The stale save (409) is the only error the pages saw; A's refusal never left the browser.
      assertClean(a, 'alice');
      assertClean(b, 'bob', { allow: [/stations\.update/, 409] });
    } finally {
      await a.closeAll();
      await b.closeAll();
    }
  });
});
