import { describe, expect, it } from 'vitest';
import packageJSON from '../../package.json?raw';
import { appVersion, compareVersions, needsUpdate } from './version';

describe('versions', () => {
  it.each([
    ['5.3.0', '5.3.0', 0],
    ['5.3.0', '5.10.0', -1],
    ['9.0.0', '5.3.0', 1],
    ['5.3', '5.3.0', 0],
    ['5.3.1', '5.3', 1],
    ['garbage', '0.0.0', 0],
    // as lockerd compares (internal/account/rules_test.go): build metadata is ignored,
    // a pre-release comes before its release
    ['5.3.0+g1a2b3c4d5e6f', '5.3.0', 0],
    ['5.3.1+g1a2b3c4d5e6f', '5.3.0', 1],
    ['5.4.0-rc.1', '5.4.0', -1],
    ['5.4.0', '5.4.0-rc.1', 1],
    ['5.4.0-beta.10', '5.4.0-beta.2', 1],
    ['5.4.0-rc.1', '5.4.0-beta.9', 1],
    ['5.4.0-1', '5.4.0-alpha', -1],
    ['5.4.0-rc', '5.4.0-rc.1', -1],
    ['5.4.0-rc.1', '5.3.9', 1],
  ])('compareVersions(%s, %s) = %i', (a, b, want) => {
    expect(compareVersions(a, b)).toBe(want);
  });

  it("is package.json's version in an unstamped build (tests)", () => {
    const pkg = JSON.parse(packageJSON) as { version: string };
    expect(appVersion).toBe(pkg.version);
  });

  it('needs an update only when the minimum is above the app version', () => {
    const [major = 0, minor = 0, patch = 0] = appVersion.split('.').map(Number);
    expect(needsUpdate(`${major + 1}.0.0`)).toBe(true);
    expect(needsUpdate(`${major}.${minor}.${patch + 1}`)).toBe(true);
    expect(needsUpdate(appVersion)).toBe(false);
    expect(needsUpdate(`${major}.${minor}.${patch}+g1a2b3c4d5e6f`)).toBe(false);
    expect(needsUpdate('0.0.1')).toBe(false);
    expect(needsUpdate(undefined)).toBe(false);
    expect(needsUpdate('')).toBe(false);
  });
});
