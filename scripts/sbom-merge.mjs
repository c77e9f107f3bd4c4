// Merges the two CycloneDX SBOMs of a release into one for lockerd: the Go modules
// linked into the binary (cyclonedx-gomod bin) and the web app's npm packages
// (cyclonedx-npm, from web/package-lock.json), which lockerd embeds. The Go SBOM's
// main component stays the subject; the web app becomes one of its components
// with its packages beside it, and lockerd depends on it.
// Usage: node scripts/sbom-merge.mjs GO.json WEB.json TIMESTAMP CYCLONEDX_LIBRARY > OUT.json
// TIMESTAMP (the commit's time) and a serial number derived from the content make
// the same release give the same file. The result is checked against the CycloneDX
// JSON schema with @cyclonedx/cyclonedx-library (the folder of the one cyclonedx-npm
// brings) and not written when it fails.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [goPath, webPath, timestamp, library] = process.argv.slice(2);
if (!library) {
  console.error('usage: node scripts/sbom-merge.mjs GO.json WEB.json TIMESTAMP CYCLONEDX_LIBRARY');
  process.exit(2);
}
const go = JSON.parse(readFileSync(goPath, 'utf8'));
const web = JSON.parse(readFileSync(webPath, 'utf8'));
for (const bom of [go, web]) {
  if (bom.bomFormat !== 'CycloneDX' || bom.specVersion !== go.specVersion) {
    throw new Error(`not a CycloneDX ${go.specVersion} SBOM: ${bom.bomFormat} ${bom.specVersion}`);
  }
}

const main = go.metadata.component;
const app = web.metadata.component;
if (!main?.['bom-ref'] || !app?.['bom-ref']) throw new Error('an SBOM has no main component');

// cyclonedx-gomod lists its tools the CycloneDX 1.4 way (an array); 1.5 and later
// list components, as cyclonedx-npm does.
const goTools = Array.isArray(go.metadata.tools)
  ? go.metadata.tools.map(({ vendor, name, version, hashes }) => ({ type: 'application', publisher: vendor, name, version, hashes }))
  : (go.metadata.tools?.components ?? []);
const tools = { components: [...goTools, ...(web.metadata.tools?.components ?? [])] };

const refs = new Set();
const components = [...(go.components ?? []), { ...app, components: undefined }, ...(web.components ?? [])];
for (const c of components) {
  if (refs.has(c['bom-ref'])) throw new Error(`bom-ref ${c['bom-ref']} is in both SBOMs`);
  refs.add(c['bom-ref']);
}
const dependencies = [...(go.dependencies ?? []), ...(web.dependencies ?? [])].map((d) =>
  d.ref === main['bom-ref'] ? { ...d, dependsOn: [...(d.dependsOn ?? []), app['bom-ref']] } : d,
);
if (!dependencies.some((d) => d.ref === main['bom-ref'])) dependencies.push({ ref: main['bom-ref'], dependsOn: [app['bom-ref']] });

const bom = {
  $schema: go.$schema,
  bomFormat: 'CycloneDX',
  specVersion: go.specVersion,
  version: 1,
  metadata: { timestamp, tools, component: main },
  components,
  dependencies,
  compositions: go.compositions,
};
// A name-based UUID (version 5 layout) of the content: the same release, the same serial.
const h = createHash('sha256').update(JSON.stringify(bom)).digest('hex');
const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
const text = JSON.stringify({ $schema: bom.$schema, bomFormat: bom.bomFormat, specVersion: bom.specVersion, serialNumber: `urn:uuid:${uuid}`, ...bom }, null, 2);

const { Validation, Spec } = createRequire(`${library}/`)('@cyclonedx/cyclonedx-library');
const version = Object.values(Spec.Version).find((v) => v === bom.specVersion);
const errors = await new Validation.JsonStrictValidator(version).validate(text);
if (errors !== null) {
  console.error(`sbom-merge: the merged SBOM is not valid CycloneDX ${bom.specVersion}:`, JSON.stringify(errors, null, 2).slice(0, 4000));
  process.exit(1);
}
process.stdout.write(text + '\n');
