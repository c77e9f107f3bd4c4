// The one way the e2e tests wait for something that happens on its own time (a job, a
// poll of the app, a station's heartbeat): ask again until the answer is right, and
// fail naming what was awaited and what was last seen. One default for every file, so
// a slow machine is not fast enough for one test and too slow for its neighbour.

/** The default wait: long enough for lockerd's jobs on two shared CPUs, short enough to fail a run quickly. */
export const defaultTimeoutMs = 15000;

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * until calls read until it returns something truthy and returns that. With done, it waits until
 * done(answer) holds and returns the answer. After timeoutMs it throws, naming what and the last answer.
 */
export async function until(what, read, { done = Boolean, timeoutMs = defaultTimeoutMs, everyMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await read();
    if (done(answer)) return answer;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${describe(answer)}`);
    }
    await pause(everyMs);
  }
}

/** countBecomes waits until locator matches n elements (a filtered list reloads from its first page). */
export async function countBecomes(locator, n, what, options) {
  await until(`${what}: ${n} matching`, () => locator.count(), { done: (count) => count === n, everyMs: 100, ...options });
}

function describe(answer) {
  try {
    const text = JSON.stringify(answer);
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  } catch {
    return String(answer);
  }
}
