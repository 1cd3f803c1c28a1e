/**
 * Where the package's own files are: the one module that knows the layout, so a file can move without breaking
 * at run time. The sources (`src/`) and the build (`dist/`) both sit one level below the package root, and this
 * module one level below either (`src/platform/`, or the bundle's chunk in `dist/bundle/`: scripts/bundle-server.mjs),
 * so every path here is the same from either. Whatever the server reads at run time is listed here, and the package's
 * `files` ships each of them (test/package/package-files.test.ts checks it).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processCached } from './process-cache.ts';

const root = new URL('../../', import.meta.url);
/** The folder of the running code, `src/` or `dist/`: the build writes its own outputs beside the code. */
const code = new URL('../', import.meta.url);

const fromRoot = (path: string): string => fileURLToPath(new URL(path, root));
const besideCode = (path: string): string => fileURLToPath(new URL(path, code));

export const PACKAGE_ROOT = fromRoot('./');

/** Files shipped as they are in the repository. */
export const SHIPPED = {
  packageJson: fromRoot('package.json'),
  openapiYaml: fromRoot('spec/openapi.yaml'),
  adminYaml: fromRoot('spec/admin.yaml'),
  scenarios: fromRoot('scenarios/'),
  /** The built-in network profiles (docs/network-failures.md#profiles), beside the scenarios. */
  profiles: fromRoot('scenarios/profiles/'),
  pacts: fromRoot('pacts'),
  checkoutTemplates: fromRoot('src/pages/checkout/templates/'),
  console: fromRoot('src/pages/console/'),
  docsPublic: fromRoot('src/pages/docs/public/'),
  /** The command line's reference, which every command's `--help` links to. */
  cliDocs: fromRoot('docs/cli.md'),
  /** The outcome catalogue and the payer's outcomes, which the MCP server offers as resources. */
  outcomesDocs: fromRoot('docs/outcomes.md'),
  payerOutcomesDocs: fromRoot('docs/payer-outcomes.md'),
} as const;

/** What the build makes beside the compiled code (absent when the sources run, which then read the originals). */
export const BUILT = {
  openapiJson: besideCode('openapi.json'),
  adminJson: besideCode('admin.json'),
  /** The documents with every `$ref` replaced by its own copy: what the router is built from. */
  openapiDereferenced: besideCode('openapi.dereferenced.json'),
  adminDereferenced: besideCode('admin.dereferenced.json'),
  builtInScenarios: besideCode('built-in-scenarios.json'),
  /** The default client's dataset at the default seed, drawn by the build (scripts/draw-default-dataset.mjs). */
  defaultDataset: besideCode('default-dataset.json'),
  validators: besideCode('validators/'),
  /** swagger-ui-dist's files that /docs serves (SWAGGER_UI_FILES), copied by the build: the package is a dev dependency. */
  swaggerUi: besideCode('swagger-ui/'),
  /** openapi-backend bundled with its dependencies and the ref-parser stubbed (scripts/bundle-server.mjs). */
  openapiBackend: besideCode('vendor/openapi-backend.cjs'),
} as const;

/**
 * The files of swagger-ui-dist that the /docs page loads, and its licence, which ships with them. A fixed list: the
 * build copies these (scripts/copy-swagger-ui.mjs), the page serves these; the sources read the installed package.
 */
export const SWAGGER_UI_FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-16x16.png',
  'favicon-32x32.png',
  'LICENSE',
  'NOTICE',
] as const;

interface PackageManifest {
  version: string;
  peerDependencies?: Record<string, string>;
}

/** The package.json this code belongs to, read once (process-cache.ts). */
export function packageManifest(): PackageManifest {
  return processCached('package-manifest', () => JSON.parse(readFileSync(SHIPPED.packageJson, 'utf8')) as PackageManifest);
}

export function packageVersion(): string {
  return packageManifest().version;
}
