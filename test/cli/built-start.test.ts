/**
 * The start path of the built server (`bin/commerce-mock.js` → dist/bundle/cli.js and its chunks), in a spawned
 * process: it answers with the validators the build precompiled, called directly, and compiles nothing: neither
 * openapi-backend, Ajv's compiler, the dereferencer nor the YAML parser is ever loaded, also after requests that
 * fail validation on both APIs. The build holds the server's code once, in the bundle. The built-in scenarios are validated by the build (a broken one fails it, naming
 * the file, the field and the reason); a user's scenario files are still validated at start.
 * `npm test` builds before running vitest, so dist/ is fresh.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drawDataset } from '../../src/fake/dataset.ts';
import { DEFAULT_SEED } from '../../src/platform/config.ts';
import { packageVersion } from '../../src/platform/package-files.ts';
import { BUILT_IN_DIR, readScenarioDir } from '../../src/scenarios/scenario-library.ts';
import { BIN } from '../support/cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'dist');
/** tsc's compiled modules (tsconfig.build.json): the build copies them into its staging folder for its steps, and ships none. */
const COMPILED = join(ROOT, '.tsbuild', 'src');

/** The files of the build's bundle (dist/bundle/): its two entries and their shared chunks. */
const bundleFiles = () => readdirSync(join(DIST, 'bundle')).filter((file) => file.endsWith('.js'));

/** Preloaded into the server: at exit, the files of every CommonJS module it loaded (all packages are CommonJS). */
const RECORDER = `process.on('exit', () => require('node:fs').writeFileSync(process.env.LOADED_MODULES, Object.keys(require.cache).join('\\n')));\n`;

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'built-start-'));
}

/** Starts the built server with the recorder, runs `requests` against it, stops it; the modules it loaded. */
async function loadedModules(requests: (baseUrl: string) => Promise<void>): Promise<string[]> {
  const dir = tempDir();
  writeFileSync(join(dir, 'recorder.cjs'), RECORDER);
  const listFile = join(dir, 'loaded.txt');
  const child = spawn(process.execPath, ['--require', join(dir, 'recorder.cjs'), BIN, 'start', '--in-memory', '--port', '0', '--log-level', 'error'], {
    env: { ...process.env, LOADED_MODULES: listFile },
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then((code) => reject(new Error(`exited with ${code} before listening`)));
    });
    await requests(baseUrl);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  return readFileSync(listFile, 'utf8').split('\n');
}

async function status(url: string, init: RequestInit = {}): Promise<{ status: number; code: unknown }> {
  const answer = await fetch(url, init);
  const body = (await answer.json()) as { error?: { code?: unknown } };
  return { status: answer.status, code: body.error?.code };
}

describe('the built server start path', () => {
  it('answers with precompiled validators, called directly, and loads no compiler', async () => {
    const json = { 'content-type': 'application/json' };
    const modules = await loadedModules(async (baseUrl) => {
      const token = await fetch(`${baseUrl}/v1/auth/token`, { method: 'POST', headers: json, body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }) });
      expect(token.status).toBe(200);
      const { access_token: accessToken } = ((await token.json()) as { data: { access_token: string } }).data;
      expect(await status(`${baseUrl}/v1/products?limit=abc`, { headers: { authorization: `Bearer ${accessToken}` } })).toMatchObject({ status: 400 });
      expect(await status(`${baseUrl}/__admin/clock/advance`, { method: 'POST', headers: json, body: JSON.stringify({ seconds: 'soon' }) })).toMatchObject({ status: 400 });
    });
    const loaded = (part: string) => modules.filter((file) => file.includes(part));
    expect(loaded('/dist/validators/issueToken-')).not.toEqual([]);
    expect(loaded('/dist/validators/listProducts-')).not.toEqual([]);
    expect(loaded('/dist/validators/admin/advanceClock-')).not.toEqual([]);
    // With no OTEL_* variable, tracing is off and nothing of the OpenTelemetry SDK is loaded.
    for (const compiler of ['/node_modules/openapi-backend/', '/node_modules/ajv/dist/ajv.js', '/node_modules/ajv/dist/core.js', '/node_modules/ajv/dist/compile/index.js', '/node_modules/dereference-json-schema/', '/node_modules/yaml/', '/node_modules/@opentelemetry/']) {
      expect(loaded(compiler)).toEqual([]);
    }
  });

  it('bundles the packages of the start path, and none of the compilers (esbuild names each bundled file, from where it runs)', () => {
    const code = bundleFiles().map((file) => readFileSync(join(DIST, 'bundle', file), 'utf8')).join('\n');
    const bundled = new Set([...code.matchAll(/^\/\/ (?:\S*?\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map((found) => found[1]));
    for (const name of ['zod', 'express', '@faker-js/faker', 'commander']) expect(bundled).toContain(name);
    for (const name of ['openapi-backend', 'ajv', 'ajv-formats', 'yaml', 'dereference-json-schema', '@pact-foundation/pact', '@pact-foundation/pact-core', '@opentelemetry/api', '@opentelemetry/sdk-trace-base']) expect(bundled).not.toContain(name);
  });

  it('is ASCII, every file of it (one character past Latin-1 makes V8 hold and parse a whole chunk as a two-byte string), and still answers Portuguese as written', async () => {
    for (const file of bundleFiles()) {
      const bytes = readFileSync(join(DIST, 'bundle', file));
      expect(bytes.findIndex((byte) => byte > 0x7f), file).toBe(-1);
    }
    await loadedModules(async (baseUrl) => {
      const answer = await fetch(`${baseUrl}/__admin/scenarios/active`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'não-há' }) });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: 'not_found', message: 'Cenário desconhecido: não-há' });
    });
  });

  it('sends its files with their content types, from the mime types the bundle keeps', async () => {
    const types: Record<string, string | null> = {};
    await loadedModules(async (baseUrl) => {
      for (const path of ['/docs', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css', '/docs/favicon-32x32.png', '/docs/docs-init.js', '/__admin/ui', '/__admin/ui/console.js', '/__admin/ui/console.css', '/__admin/ui/favicon.svg']) {
        const answer = await fetch(`${baseUrl}${path}`);
        await answer.arrayBuffer();
        types[path] = answer.status === 200 ? answer.headers.get('content-type') : `status ${answer.status}`;
      }
    });
    expect(types).toEqual({
      '/docs': 'text/html; charset=utf-8',
      '/docs/swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
      '/docs/swagger-ui.css': 'text/css; charset=utf-8',
      '/docs/favicon-32x32.png': 'image/png',
      '/docs/docs-init.js': 'text/javascript; charset=utf-8',
      '/__admin/ui': 'text/html; charset=utf-8',
      '/__admin/ui/console.js': 'text/javascript; charset=utf-8',
      '/__admin/ui/console.css': 'text/css; charset=utf-8',
      '/__admin/ui/favicon.svg': 'image/svg+xml',
    });
  });

  it('leaves out what the start never runs: Express\'s body-parser and qs (stubs that refuse), and every zod locale but English', () => {
    const code = bundleFiles().map((file) => readFileSync(join(DIST, 'bundle', file), 'utf8')).join('\n');
    const bundled = new Set([...code.matchAll(/^\/\/ (?:\S*?\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map((found) => found[1]));
    for (const name of ['body-parser', 'iconv-lite', 'raw-body', 'qs', 'side-channel', 'object-inspect']) expect(bundled).not.toContain(name);
    const locales = new Set([...code.matchAll(/^\/\/ \S*node_modules\/zod\/v4\/locales\/([\w-]+)\.js$/gm)].map((found) => found[1]));
    expect([...locales]).toEqual(['en']);
  });

  it('holds the server once: the command line and the package entry share the bundle\'s chunks, no compiled module of src/ beside them', () => {
    // Besides the chunks, what loads on demand gets a hashed file of its own (the MCP server's parts: mcp-answer-….js).
    const onDemand = bundleFiles().filter((file) => /^mcp-[a-z]+-[A-Z0-9]{8}\.js$/.test(file));
    expect(onDemand.map((file) => file.replace(/-[A-Z0-9]{8}\.js$/, '')).sort()).toEqual(['mcp-answer', 'mcp-stdio']);
    const entries = bundleFiles().filter((file) => !file.startsWith('chunk-') && !onDemand.includes(file));
    expect(entries.sort()).toEqual(['cli.js', 'index.js']);
    const chunksOf = (entry: string) => [...readFileSync(join(DIST, 'bundle', entry), 'utf8').matchAll(/^} from "\.\/(chunk-[\w-]+\.js)";$/gm)].map((found) => found[1]);
    expect(chunksOf('index.js').length).toBeGreaterThan(0);
    expect(chunksOf('cli.js')).toEqual(expect.arrayContaining(chunksOf('index.js')));
    const code = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(c|m)?js$/.test(file));
    expect(code.filter((file) => !/^(bundle|validators|vendor|swagger-ui)\//.test(file))).toEqual([]);
  });

  it('loads the built-in scenarios as validating their files gives them', () => {
    const validated = readScenarioDir(BUILT_IN_DIR, 'built-in');
    expect(validated.problems).toEqual([]);
    expect(JSON.parse(readFileSync(join(DIST, 'built-in-scenarios.json'), 'utf8'))).toEqual(validated.scenarios);
  });

  it('holds the default dataset as the sources draw it, record for record, and a built mock seeds that one', async () => {
    const drawn = drawDataset(DEFAULT_SEED, 'mock-client');
    expect(drawn.length).toBeGreaterThan(100);
    expect(JSON.parse(readFileSync(join(DIST, 'default-dataset.json'), 'utf8'))).toStrictEqual(drawn);
    const products: string[] = [];
    await loadedModules(async (baseUrl) => {
      const token = await fetch(`${baseUrl}/v1/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_id: 'mock-client', client_secret: 'mock-secret' }) });
      const accessToken = ((await token.json()) as { data: { access_token: string } }).data.access_token;
      const listed = await fetch(`${baseUrl}/v1/products?limit=100`, { headers: { authorization: `Bearer ${accessToken}` } });
      products.push(...((await listed.json()) as { data: Array<{ id: string }> }).data.map((product) => product.id));
    });
    const drawnProducts = drawn.filter((entry) => entry.collection === 'products').map((entry) => entry.record.id);
    expect(products.length).toBeGreaterThan(0);
    expect([...products].sort()).toEqual([...drawnProducts].sort());
  });

  it('a broken built-in scenario fails the build step with the file, field and reason, and writes nothing', () => {
    const scenarios = tempDir();
    writeFileSync(join(scenarios, 'broken.yaml'), 'tokens: { ttlSeconds: soon }\n');
    // The step runs tsc's compiled modules, as the build does from its staging folder, and writes beside them.
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'validate-scenarios.mjs'), COMPILED, scenarios], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`invalid built-in scenario files:\n${join(scenarios, 'broken.yaml')}: tokens.ttlSeconds: Invalid input: expected number, received string\n`);
    expect(existsSync(join(COMPILED, 'built-in-scenarios.json'))).toBe(false);
  });

  it("keeps what V8 compiled of the bundle in Node's compile cache where Node has one (≥ 22.1), and writes nothing on Node 20", () => {
    const temp = tempDir();
    const env = { ...process.env, TMPDIR: temp, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined };
    const result = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', timeout: 15_000, env });
    expect(result.status).toBe(0);
    const cache = join(temp, 'node-compile-cache');
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    if (major > 22 || (major === 22 && minor >= 1)) {
      // One folder per Node version and V8 flags, holding a file per module compiled.
      const kept = readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(kept.length).toBeGreaterThan(0);
    } else {
      expect(existsSync(cache)).toBe(false);
      expect(readdirSync(temp)).toEqual([]);
    }
  });

  it('starts as ever where the compile cache cannot be written (a temporary folder that is a file, or read-only)', () => {
    const temp = tempDir();
    const notAFolder = join(temp, 'file');
    writeFileSync(notAFolder, '');
    const readOnly = join(temp, 'read-only');
    mkdirSync(readOnly, { mode: 0o555 });
    for (const TMPDIR of [notAFolder, readOnly]) {
      const env = { ...process.env, TMPDIR, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined };
      const result = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8', timeout: 15_000, env });
      expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({ status: 0, stdout: `${packageVersion()}\n`, stderr: '' });
    }
  });

  it('the built server still validates a user scenario directory at start: exit 2, nothing served', () => {
    const scenarios = tempDir();
    writeFileSync(join(scenarios, 'broken.yaml'), 'tokens: { ttlSeconds: soon }\n');
    const result = spawnSync(process.execPath, [BIN, 'start', '--in-memory', '--port', '0', '--scenarios', scenarios], { encoding: 'utf8', timeout: 15_000 });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${join(scenarios, 'broken.yaml')}: tokens.ttlSeconds: Invalid input: expected number, received string`);
    expect(result.stdout).toBe('');
  });
});
