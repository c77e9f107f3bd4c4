// Writes the product's one version (package.json's) into the iOS project, whose
// MARKETING_VERSION Xcode cannot read from a file of ours; the build number counts it up
// as Android's versionCode does (android/app/build.gradle): 5.3.0 is 50300. Run it after
// `npm version` (scripts/version.sh says so); internal/version's test fails when the two
// differ.
import { readFileSync, writeFileSync } from 'node:fs';

const web = new URL('..', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(`${web}package.json`, 'utf8'));
const [major, minor, patch] = version.split('.').map(Number);
const build = major * 10000 + minor * 100 + patch;
const path = `${web}ios/App/App.xcodeproj/project.pbxproj`;
const before = readFileSync(path, 'utf8');
const after = before
  .replace(/MARKETING_VERSION = [^;]+;/g, `MARKETING_VERSION = ${version};`)
  .replace(/CURRENT_PROJECT_VERSION = [^;]+;/g, `CURRENT_PROJECT_VERSION = ${build};`);
if (after !== before) writeFileSync(path, after);
console.log(`native version: iOS ${version} (${build})`);
