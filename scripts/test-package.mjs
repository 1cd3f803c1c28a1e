// `npm run test:package`: the package as a user gets it. Packs it, installs the tarball with --omit=dev into an
// empty folder (timed, measured, and silent: any npm warning fails), and there runs what a user runs first: `npx
// commerce-mock --version`, `start` (a token, the pages, the MCP Inspector listing the MCP server's tools),
// `scenarios list`, `import 'commerce-mock'`. Then one consumer project (package-test/consumer-project.mjs, one more
// install) runs a strict `tsc --noEmit` under `module: nodenext` and under `moduleResolution: bundler`, a CommonJS
// `require`, and the examples: vitest, Jest (CommonJS) and the OAuth libraries, each against `startMock()`, on the
// machine's Node and again on Node 22 and 24 (node-release.mjs). Last, the two other installs the docs name: from a
// git URL (prepare builds dist/) and from a local folder. Prints each check and its time, exits 1 on the first
// failure, and removes its folders and processes whatever happens.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLES, layOutConsumer } from './package-test/consumer-project.mjs';
import { check, commandIn, startedMock, stopAll } from './package-test/run.mjs';
import { nodeRelease } from './node-release.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { version, peerDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const PACT_CORE = peerDependencies['@pact-foundation/pact-core'];
const work = mkdtempSync(join(tmpdir(), 'commerce-mock-package-'));
const app = join(work, 'app');
const consumer = join(work, 'consumer');
const fromGit = join(work, 'from-git');
const fromFolder = join(work, 'from-folder');
/** The consumer checks run on the machine's Node and on the LTS lines the package supports (engines). */
const CONSUMER_NODES = [22, 24];
/** The MCP Inspector whose CLI mode lists the MCP server's tools, as a client other than the SDK's own. */
const INSPECTOR = '2.12.0';

/** Files a user needs, and what stays in the repository. */
const MUST_SHIP = ['package/bin/commerce-mock.js', 'package/dist/bundle/cli.js', 'package/dist/bundle/index.js', 'package/dist/openapi.dereferenced.json', 'package/dist/index.d.ts',
  'package/dist/cli/cli.d.ts', 'package/dist/openapi.json', 'package/dist/validators/manifest.json', 'package/dist/vendor/openapi-backend.cjs', 'package/spec/openapi.yaml',
  'package/scenarios/default.yaml', 'package/pacts/merchant-app-commerce-api.json', 'package/src/pages/console/index.html',
  'package/src/pages/checkout/templates/checkout.eta', 'package/src/pages/docs/public/docs.css', 'package/README.md', 'package/LICENSE', 'package/docs/cli.md',
  // The pages the README links to, and what they link to (test/package/shipped-doc-links.test.ts checks every link).
  'package/docs/usage.md', 'package/docs/screenshots/checkout.png', 'package/examples/vitest/README.md', 'package/CHANGELOG.md'];
/**
 * The server's code ships once, in the bundle (dist/bundle/: two entries and their shared chunks): no compiled
 * module of src/ (dist/index.js, dist/cli/cli.js …), no source map; code elsewhere in dist/ is only the precompiled
 * validators, the vendored openapi-backend and Swagger UI's files.
 */
const MUST_NOT_SHIP = [/^package\/(test|bench|\.ci|scripts)\//, /^package\/src\/.*\.ts$/, /^package\/dist\/\.build-stamp$/, /\.map$/,
  /^package\/dist\/(?!bundle\/|validators\/|vendor\/|swagger-ui\/).*\.(c|m)?js$/, /^package\/dist\/bundle\/(?!(cli|index|chunk-[\w-]+|mcp-[a-z]+-[A-Z0-9]+)\.js$)/];

async function main() {
  await check('build (only when dist/ is older than its sources) and pack', () => {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mjs')], { stdio: ['ignore', 'inherit', 'inherit'] });
    // prepack builds nothing now (dist/ is fresh) and leaves `prepare` out of the packed package.json (pack-manifest.mjs).
    const [packed] = JSON.parse(commandIn(ROOT, 'npm', ['pack', '--json', '--pack-destination', work]).stdout);
    return `${packed.filename}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(0)} KiB packed`;
  });
  const tarball = join(work, `commerce-mock-${version}.tgz`);

  await check('the tarball holds what a user needs, and no tests, benchmarks or TypeScript sources', () => {
    const entries = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const missing = MUST_SHIP.filter((file) => !entries.includes(file));
    const extra = entries.filter((file) => MUST_NOT_SHIP.some((pattern) => pattern.test(file)));
    if (missing.length > 0 || extra.length > 0) throw new Error(`missing: ${missing.join(', ') || 'none'}; should not ship: ${extra.join(', ') || 'none'}`);
  });

  // No warning at all: no install script, no engine refusal (openapi-backend, whose ref-parser declares Node >= 22.19,
  // is bundled into dist/vendor/ by the build and is not installed).
  await check('npm install --omit=dev of the tarball into an empty folder warns of nothing', () => {
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'package-test', private: true, type: 'module' }));
    const started = performance.now();
    const { stderr } = commandIn(app, 'npm', ['install', '--omit=dev', '--no-audit', '--no-fund', tarball]);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const warnings = stderr.split('\n').filter((line) => /^npm warn/i.test(line));
    if (warnings.length > 0) throw new Error(warnings.join('\n'));
    const lock = JSON.parse(readFileSync(join(app, 'node_modules', '.package-lock.json'), 'utf8'));
    const packages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/')).length;
    const size = execFileSync('du', ['-sh', join(app, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
    return `${packages} packages, ${size} in node_modules, installed in ${seconds} s`;
  });

  await check('npx commerce-mock --version prints the version', () => {
    const printed = commandIn(app, 'npx', ['--no', '--', 'commerce-mock', '--version']).stdout.trim();
    if (printed !== version) throw new Error(`printed "${printed}", expected "${version}"`);
    return printed;
  });

  await check('import "commerce-mock" resolves, with its declarations', () => {
    const kind = commandIn(app, 'node', ['--input-type=module', '-e', "const m = await import('commerce-mock'); console.log(typeof m.startMock, typeof m.createAdminClient)"]).stdout.trim();
    if (kind !== 'function function') throw new Error(`startMock, createAdminClient: ${kind}`);
    readFileSync(join(app, 'node_modules', 'commerce-mock', 'dist', 'index.d.ts'));
  });

  await check('npx commerce-mock start answers a token request and serves its pages', async () => {
    const mock = await startedMock(app, 'npx', ['--no', '--', 'commerce-mock', 'start', '--port', '0', '--in-memory']);
    const token = await mock.json('POST', '/v1/auth/token', { client_id: 'mock-client', client_secret: 'mock-secret' });
    if (token.status !== 200 || typeof token.body.data?.access_token !== 'string') throw new Error(`token: ${token.status} ${JSON.stringify(token.body)}`);
    const order = await mock.json('POST', '/v1/orders', {
      customer: { merchantCustomerId: 'CUST-PKG', name: 'Ana Muianga', phone: '+258 84 123 4567' },
      items: [{ originProductId: 'SKU-PKG', name: 'Caju torrado 500 g', quantity: 1, price: 180.5 }],
    }, token.body.data.access_token);
    const checkout = order.body.checkout ?? order.body.data?.checkout;
    if (order.status !== 201 || typeof checkout !== 'string') throw new Error(`order: ${order.status} ${JSON.stringify(order.body)}`);
    for (const page of [new URL(checkout).pathname, '/__admin/ui', '/docs', '/docs/docs.css']) {
      const status = await mock.status(page);
      if (status !== 200) throw new Error(`GET ${page}: ${status}`);
    }
    const code = await mock.stop();
    if (code !== 0) throw new Error(`stopped with exit code ${code}`);
    return `${mock.url}: token 200, order 201, checkout page, /__admin/ui and /docs 200, exit 0 on SIGTERM`;
  });

  // A real MCP client other than the SDK's: the MCP Inspector's command-line mode, on Node 24 (it asks for >= 22.19).
  await check(`the MCP Inspector ${INSPECTOR} (CLI mode) lists the tools of the packed mock's /__admin/mcp`, async () => {
    const mock = await startedMock(app, 'npx', ['--no', '--', 'commerce-mock', 'start', '--port', '0', '--in-memory']);
    const node24 = nodeRelease(24);
    const args = ['-y', `@modelcontextprotocol/inspector@${INSPECTOR}`, '--cli', `${mock.url}/__admin/mcp`, '--transport', 'http', '--method', 'tools/list'];
    const { stdout } = commandIn(work, 'npx', args, { PATH: `${node24.bin}${delimiter}${process.env.PATH}` });
    await mock.stop();
    const names = (JSON.parse(stdout).tools ?? []).map((tool) => tool.name);
    for (const name of ['world_status', 'arm_outcome', 'list_armed_outcomes', 'order_story']) if (!names.includes(name)) throw new Error(`"${name}" not listed:\n${stdout}`);
    return `${names.length} tools`;
  });

  await check('npx commerce-mock scenarios list names the built-in scenarios', () => {
    const listed = commandIn(app, 'npx', ['--no', '--', 'commerce-mock', 'scenarios', 'list']).stdout;
    for (const name of ['default', 'order-paid', 'token-expiry']) if (!listed.includes(name)) throw new Error(`"${name}" not listed:\n${listed}`);
  });

  await check("npx commerce-mock verify without Pact's verifier (an optional peer): exit 3 and the install command", () => {
    const run = spawnSync('npx', ['--no', '--', 'commerce-mock', 'verify'], { cwd: app, encoding: 'utf8', env: { ...process.env, PACT_DO_NOT_TRACK: 'true' } });
    if (run.status !== 3 || !run.stderr.includes(`npm install --save-dev @pact-foundation/pact-core@${PACT_CORE}`)) throw new Error(`exit ${run.status}:\n${run.stdout}${run.stderr}`);
    return run.stderr.trim().split('\n')[0];
  });

  await check(`one consumer project: TypeScript and the examples' devDependencies (${EXAMPLES.join(', ')}), and the tarball`, () => {
    mkdirSync(consumer);
    const installed = layOutConsumer(ROOT, consumer, tarball, { '@pact-foundation/pact-core': PACT_CORE });
    commandIn(consumer, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
    return Object.entries(installed).filter(([name]) => name !== 'commerce-mock').map(([name, range]) => `${name}@${range}`).join(', ');
  });

  await check('npx commerce-mock verify with Pact\'s verifier installed: the shipped pact against a mock it starts', () => {
    const report = commandIn(consumer, 'npx', ['--no', '--', 'commerce-mock', 'verify'], { PACT_DO_NOT_TRACK: 'true' }).stdout;
    const summary = /(\d+) verified, (\d+) failed, (\d+) not verifiable/.exec(report);
    if (!summary || summary[1] === '0' || summary[2] !== '0') throw new Error(report);
    return summary[0];
  });

  for (const config of ['tsconfig.nodenext.json', 'tsconfig.bundler.json']) {
    await check(`tsc --noEmit -p ${config}: strict, no @types/node, skipLibCheck off`, () => {
      commandIn(consumer, 'npx', ['--no', '--', 'tsc', '-p', config]);
    });
  }

  await consumerChecks(`Node ${process.versions.node}`, {});
  for (const major of CONSUMER_NODES) {
    const release = nodeRelease(major);
    // Node's own binary first on PATH: npx, jest and vitest then run on it, as on a user's machine with that Node.
    await consumerChecks(`Node ${release.version.slice(1)}`, { PATH: `${release.bin}${delimiter}${process.env.PATH}` });
  }

  await check('npm install git+file://… (a git URL): prepare builds dist/ in the clone; npx commerce-mock --version works', () => {
    mkdirSync(fromGit);
    writeFileSync(join(fromGit, 'package.json'), JSON.stringify({ name: 'git-install-test', private: true }));
    // The repository's committed HEAD, as a git URL installs it.
    commandIn(fromGit, 'npm', ['install', '--save-dev', '--no-audit', '--no-fund', `git+file://${ROOT}`]);
    const printed = commandIn(fromGit, 'npx', ['--no', '--', 'commerce-mock', '--version']).stdout.trim();
    if (printed !== version) throw new Error(`printed "${printed}", expected "${version}"`);
    readFileSync(join(fromGit, 'node_modules', 'commerce-mock', 'dist', 'bundle', 'index.js'));
    return printed;
  });

  await check('npm install <the repository folder> (a local folder): npx commerce-mock --version and import work', () => {
    mkdirSync(fromFolder);
    writeFileSync(join(fromFolder, 'package.json'), JSON.stringify({ name: 'folder-install-test', private: true, type: 'module' }));
    commandIn(fromFolder, 'npm', ['install', '--save-dev', '--no-audit', '--no-fund', ROOT]);
    const printed = commandIn(fromFolder, 'npx', ['--no', '--', 'commerce-mock', '--version']).stdout.trim();
    if (printed !== version) throw new Error(`printed "${printed}", expected "${version}"`);
    const kind = commandIn(fromFolder, 'node', ['--input-type=module', '-e', "const m = await import('commerce-mock'); console.log(typeof m.startMock)"]).stdout.trim();
    if (kind !== 'function') throw new Error(`startMock: ${kind}`);
    return printed;
  });
}

/** What a consumer project runs, on the Node that `env` puts first on PATH. */
async function consumerChecks(node, env) {
  await check(`${node}: node require.cjs: require('commerce-mock') from CommonJS, startMock, a token`, () => {
    const printed = commandIn(consumer, 'node', ['require.cjs'], env).stdout.trim();
    if (printed !== 'token 200 string') throw new Error(printed);
  });

  await check(`${node}: examples/jest (CommonJS): the mock started by globalSetup, the tests over HTTP`, () => {
    commandIn(join(consumer, 'jest'), 'npx', ['--no', '--', 'jest', '--ci'], env);
  });

  for (const example of ['vitest', 'oauth']) {
    await check(`${node}: examples/${example}: vitest run`, () => {
      commandIn(join(consumer, example), 'npx', ['--no', '--', 'vitest', 'run'], env);
    });
  }
}

try {
  await main();
  console.log('package: every check passed');
} catch (error) {
  console.error(`package: FAILED\n${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  stopAll();
  rmSync(work, { recursive: true, force: true });
}
