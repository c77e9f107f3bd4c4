// Starts the real lockerd binary for black-box tests: a free loopback port, a
// throw-away SQLite database in a temp folder (or, with E2E_POSTGRES_URL set to a
// PostgreSQL server where this user may CREATE DATABASE, a database of its own
// there, dropped at stop), and a wait until /readyz answers.
// Tests talk to it only over HTTP, exactly as a browser or @trpc/client would.
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWriteStream } from 'node:fs';
import { now, shifted } from './dates.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The binary under test: LOCKERD_BIN, or bin/lockerd built by `make build`. */
export const lockerdBin = process.env.LOCKERD_BIN ?? join(root, 'bin', 'lockerd');

/**
 * On a shifted clock (lib/dates.mjs) the server is the test build bin/lockerd-testclock (`make
 * bin/lockerd-testclock`: the same lockerd whose clock starts at LOCKERS_TEST_NOW, which only that build reads).
 */
export const testclockBin = process.env.LOCKERD_TESTCLOCK_BIN ?? join(root, 'bin', 'lockerd-testclock');

/** freePort asks the kernel for an unused loopback port. */
export async function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/**
 * databaseFor is the DATABASE_URL of a new server's database in dir, and how to
 * remove it: SQLite in the folder, or a new PostgreSQL database on
 * E2E_POSTGRES_URL's server (so the browser tests can run against PostgreSQL).
 */
function databaseFor(dir) {
  const admin = process.env.E2E_POSTGRES_URL;
  if (!admin) return { url: `sqlite:${join(dir, 'lockers.db')}`, drop: () => {} };
  const name = `lockers_e2e_${randomBytes(6).toString('hex')}`;
  const psql = (sql) => {
    const res = spawnSync('psql', [admin, '-qc', sql], { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`psql ${sql}: ${res.stderr}`);
  };
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function waitReady(url, child, logPath, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`lockerd exited with code ${child.exitCode} before it was ready:\n${await tail(logPath)}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`lockerd at ${url} not ready after ${timeoutMs} ms (${last}):\n${await tail(logPath)}`);
}

async function tail(path, lines = 40) {
  try {
    return (await readFile(path, 'utf8')).split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * startLockerd runs bin/lockerd on 127.0.0.1:<free port> with its own SQLite file.
 * env adds or overrides variables (e.g. { MIN_APP_VERSION: '9.0.0' }).
 * Returns { url, logPath, stop() }; stop() sends SIGTERM, waits, and removes the temp folder.
 */
export async function startLockerd({ env = {}, timeoutMs = 20000 } = {}) {
  const bin = shifted() ? testclockBin : lockerdBin;
  if (!existsSync(bin)) {
    throw new Error(`${bin} does not exist: run \`make build\` (or \`make bin/lockerd-testclock\`) first (it embeds the web app)`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'lockerd-e2e-'));
  const logPath = join(dir, 'lockerd.log');
  const log = createWriteStream(logPath);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = databaseFor(dir);
  const child = spawn(bin, ['serve'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      HTTP_ADDR: `127.0.0.1:${port}`,
      DATABASE_URL: database.url,
      PUBLIC_URL: url,
      LOG_LEVEL: process.env.LOCKERD_LOG_LEVEL ?? 'warn',
      // The test network is closed: no OpenStreetMap tiles. map.test.mjs serves its own.
      MAP_TILE_URL: 'off',
      // Its clock starts where the tests' clock is now (only the testclock build reads it).
      ...(shifted() ? { LOCKERS_TEST_NOW: new Date(now()).toISOString() } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((r) => child.once('exit', r));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    if (process.env.KEEP_E2E_TMP) return;
    database.drop();
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitReady(url, child, logPath, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, logPath, dir, databaseUrl: database.url, stop, log: () => tail(logPath, 200) };
}

/** grantRole gives an account a role with `lockerd grant-role`, another process, on the database of a server startLockerd started. */
export function grantRole(server, email, role) {
  const res = spawnSync(lockerdBin, ['grant-role', email, role], {
    env: { PATH: process.env.PATH, DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'error', DEMO_SEED: 'false' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`lockerd grant-role ${email} ${role}: ${res.stderr}`);
}
