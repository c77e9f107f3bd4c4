// Without SMS_URL lockerd prints text messages to its log (at info level) instead of
// sending them. smsCodeFor reads the newest 6-digit code texted to a number from there,
// so a journey can confirm a phone number without a provider.

/** smsCodeFor waits until the log of server (started with LOG_LEVEL=info) holds a code for to (E.164). */
export async function smsCodeFor(server, to, { timeoutMs = 10000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lines = (await server.log()).split('\n').reverse();
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.to !== to || typeof entry.text !== 'string') continue;
      const code = /\b(\d{6})\b/.exec(entry.text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no texted code for ${to} in the lockerd log within ${timeoutMs} ms`);
}
