/**
 * The app version sent as device info (spec §9): stamped at build time from the one
 * version lockerd and the image carry too (build/version.ts, scripts/version.sh),
 * e.g. "5.3.0" or, between releases, "5.3.0+g1a2b3c4d5e6f".
 */
export const appVersion: string = __APP_VERSION__;

type Parsed = { core: number[]; pre: string[] };

/** parse reads MAJOR.MINOR.PATCH[-pre][+build]; build metadata is dropped. */
function parse(v: string): Parsed {
  const s = v.trim().replace(/^v/, '').split('+')[0] ?? '';
  const dash = s.indexOf('-');
  const core = (dash < 0 ? s : s.slice(0, dash)).split('.').map((p) => Number.parseInt(p, 10) || 0);
  return { core, pre: dash < 0 ? [] : s.slice(dash + 1).split('.') };
}

/** comparePre orders pre-release identifiers: numbers numerically and before words. */
function comparePre(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(Number(a) - Number(b));
  if (an !== bn) return an ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * compareVersions orders versions as lockerd does (internal/account/version.go):
 * "5.3.0" < "5.10.0", a pre-release before its release, build metadata ignored;
 * missing parts count as 0 and non-numeric parts as 0, so a malformed server value
 * never crashes.
 */
export function compareVersions(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  for (let i = 0; i < Math.max(pa.core.length, pb.core.length); i++) {
    const d = (pa.core[i] ?? 0) - (pb.core[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  // A release comes after its pre-releases.
  if (pa.pre.length === 0 || pb.pre.length === 0) return pa.pre.length === pb.pre.length ? 0 : pa.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.min(pa.pre.length, pb.pre.length); i++) {
    const c = comparePre(pa.pre[i] ?? '', pb.pre[i] ?? '');
    if (c !== 0) return c;
  }
  return Math.sign(pa.pre.length - pb.pre.length);
}

/** needsUpdate is true when the server's minimum app version is above ours. */
export function needsUpdate(minAppVersion: string | undefined, current = appVersion): boolean {
  return !!minAppVersion && compareVersions(minAppVersion, current) > 0;
}
