/** The app version sent as device info (spec §9). */
export const appVersion = '5.3.0';

/**
 * compareVersions orders dotted numeric versions ("5.3.0" < "5.10.0"); missing parts
 * count as 0 and non-numeric parts as 0, so a malformed server value never crashes.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** needsUpdate is true when the server's minimum app version is above ours. */
export function needsUpdate(minAppVersion: string | undefined, current = appVersion): boolean {
  return !!minAppVersion && compareVersions(minAppVersion, current) > 0;
}
