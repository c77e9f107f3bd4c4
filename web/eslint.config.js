import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/ (docs/decisions/010-web-layers-and-server-access.md). An import may only
 * point down this list:
 *
 *   boot       the start-up code (src/boot): the entry, the first-screen script and
 *              the prerendered sign-in; it puts the app together, so it may import
 *              every layer, and nothing imports it (but see the sign-in page below)
 *   app        routes, layouts and guards (src/app)
 *   page       one folder per section of screens (src/pages/<section>)
 *   feature    one folder per domain (src/features/<feature>); its api.ts is the only
 *              file that calls the server
 *   session    who is signed in (src/features/session). It sits in features/ but is
 *              no domain: it is the app-wide identity the start-up code fills, so
 *              every layer above may read it (the one sibling a feature may import),
 *              and it imports nothing above lib
 *   queries    server reads more than one feature needs (src/queries: queryOptions
 *              only, no writes), so features share them instead of copying them;
 *              they reach the tRPC client
 *   component  shared UI without domain knowledge (src/components)
 *   lib        helpers, texts and i18n (src/lib, src/locales, src/i18n.ts)
 *   api        the tRPC client and the generated API types (src/api): every layer may
 *              import its types, only a feature's api.ts and the session its client
 *
 * Siblings never import each other: a page section does not reach into another's
 * folder and a feature does not use another feature; what two of them need moves down
 * to components or lib. Inside one element (a page section, a feature) files import
 * each other freely.
 */
const elements = [
  { type: 'boot', pattern: 'src/boot', partialMatch: false },
  { type: 'app', pattern: 'src/app', partialMatch: false },
  { type: 'page', pattern: 'src/pages/*', capture: ['section'], partialMatch: false },
  // Before 'feature', which would otherwise claim the folder.
  { type: 'session', pattern: 'src/features/session', partialMatch: false },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
  { type: 'queries', pattern: 'src/queries', partialMatch: false },
  { type: 'component', pattern: 'src/components', partialMatch: false },
  { type: 'lib', pattern: ['src/lib', 'src/locales'], partialMatch: false },
  { type: 'api', pattern: 'src/api', partialMatch: false },
  // Test support (typed fakes): only test files import it, never the app.
  { type: 'test-support', pattern: 'src/test', partialMatch: false },
  // The files directly in src/ (i18n.ts, test-setup.ts); element patterns
  // name folders, so the files are told apart by name below.
  { type: 'root', pattern: 'src', partialMatch: false },
];

const i18n = { type: 'root', fileInternalPath: 'i18n.ts' };
const css = { type: 'root', fileInternalPath: 'index.css' };
const layer = (type) => ({ type });
const to = (...selectors) => ({ to: selectors.map((element) => ({ element })) });

const below = {
  app: [layer('app'), layer('page'), layer('session'), layer('queries'), layer('component'), layer('lib'), i18n],
  page: [layer('feature'), layer('session'), layer('queries'), layer('component'), layer('lib'), i18n],
  feature: [layer('session'), layer('queries'), layer('component'), layer('lib'), i18n],
  session: [layer('lib')],
  queries: [layer('lib')],
  component: [layer('component'), layer('lib'), i18n],
  lib: [layer('lib'), i18n],
};

const layerPolicies = [
  ...Object.entries(below).map(([type, allowed]) => ({ from: { element: { type } }, allow: to(...allowed) })),
  {
    from: { element: layer('boot') },
    allow: to(layer('boot'), layer('app'), layer('page'), layer('session'), layer('queries'), layer('component'), layer('lib'), layer('api'), i18n, css),
  },
  { from: { element: i18n }, allow: to(layer('lib')) },
  // Every layer may use the API's types ...
  { allow: { ...to(layer('api')), dependency: { kind: 'type' } } },
  // ... but only a feature's api.ts (queryOptions and mutation hooks), the session and
  // the entry reach the tRPC client: screens and components never call the server.
  { from: { element: { type: 'feature', fileInternalPath: 'api.ts' } }, allow: to(layer('api')) },
  { from: { element: layer('session') }, allow: to(layer('api')) },
  { from: { element: layer('queries') }, allow: to(layer('api')) },
  { from: { element: layer('api') }, allow: to(layer('lib')) },
  /*
   * The one allowance across layers: the sign-in page reads what a visitor typed into
   * the prerendered form before the app started (boot/prerender-handoff.ts, filled by
   * the start-up code). It is a leaf module without imports that belongs with the
   * start-up code, which is why it is named here rather than moved.
   */
  {
    from: { element: { type: 'page', captured: { section: 'auth' } } },
    allow: to({ type: 'boot', fileInternalPath: 'prerender-handoff.ts' }),
  },
  // Tests render screens with the app's own QueryClient: it shows the error toasts and
  // applies a mutation's meta.session, which screens rely on.
  { from: { file: { categories: 'test' } }, allow: to({ type: 'app', fileInternalPath: 'query-client.ts' }) },
  { from: { file: { categories: 'test' } }, allow: to(layer('test-support')) },
  { from: { element: layer('test-support') }, allow: to(layer('lib')) },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-native', 'android', 'ios', 'coverage', 'node_modules', 'src/api/generated'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': [{ category: 'test', pattern: 'src/**/*.test.{ts,tsx}' }],
      // Resolves the @/ alias the way TypeScript does, so every import is classified.
      'import/resolver': { typescript: { project: 'tsconfig.app.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: layerPolicies }],
      // Every file of src/ belongs to a layer; a new top-level folder must be placed in one.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // shadcn-style primitives export their variant helpers next to the component.
    files: ['src/components/ui/**/*.tsx', 'src/app/**/*.tsx', 'src/boot/**/*.tsx', 'src/**/*.test.tsx'],
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  {
    // Test files share one module graph per worker (vitest.config.ts); one that
    // replaces a module, a global or the clock is named *.isolated.test.* and
    // runs in a graph of its own, so it cannot leak into the others.
    files: ['src/**/*.test.{ts,tsx}'],
    ignores: ['src/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv|useFakeTimers)$/]",
          message: 'A test that replaces a module, a global or the clock goes in a *.isolated.test.* file.',
        },
      ],
    },
  },
  { files: ['*.config.{js,ts}'], languageOptions: { globals: globals.node } },
);
