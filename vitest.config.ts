import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { findBrowser, howToEnableBrowserTests, mustRunBrowserTests } from './test/support/find-browser.ts';
import { SkippedBrowserReporter } from './test/support/skipped-browser-reporter.ts';

const BROWSER_TESTS = 'test/browser/**/*.test.ts';
/**
 * The browser tests need a Chrome or Chromium (test/support/find-browser.ts). A local run on a machine with none
 * leaves them out and ends with a loud line naming how to enable them; under CI=true they always run, and fail
 * naming the browser when there is none.
 */
const browser = findBrowser();
const skipBrowserTests = !browser.path && !mustRunBrowserTests();
const browserTestFiles = readdirSync(new URL('./test/browser', import.meta.url)).filter((name) => name.endsWith('.test.ts')).length;

/**
 * Files of test/cli/ and test/pact/ that run everything in process (`runCli` of test/support/cli.ts, `startMock`,
 * the pact check against the document): no child process, no Pact core, no signal handler (only bin/ touches
 * `process`), every server stopped by its test. They share a worker like any HTTP file; a new file of these
 * folders runs in a process of its own until it is added here.
 */
const IN_PROCESS = [
  ...['banner', 'help', 'logging', 'pact-check-cli', 'public-url', 'slow-clients', 'trigger'].map((name) => `test/cli/${name}.test.ts`),
  ...['pact-against-openapi', 'provider-states'].map((name) => `test/pact/${name}.test.ts`),
];

/** Files that start servers in child processes, Pact's native mock server and verifier, a browser, or mock a module. */
const OWN_PROCESS = [
  ...['test/cli', 'test/pact'].flatMap((folder) =>
    readdirSync(new URL(`./${folder}`, import.meta.url))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `${folder}/${name}`)
      .filter((file) => !IN_PROCESS.includes(file)),
  ),
  // It runs the docs' shell blocks: mocks, shells and `npx` in child processes, for minutes.
  'test/docs/shell-blocks.test.ts',
  // It replaces node:crypto with vi.mock to count hashes: a mock only reaches modules loaded after it.
  'test/http/caller.test.ts',
];

const ON_CI = process.env['CI'] === 'true';

export default defineConfig({
  test: {
    // Both cores of the CI machine (vitest 4 leaves one free by default).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: [...OWN_PROCESS, BROWSER_TESTS],
          // Each worker runs file after file in one process and keeps its module cache: the documents, their routers
          // and their compiled validators are built once per worker instead of once per file (1–3 s of CPU each).
          // Every test builds its own app, store and clock, so nothing else is shared.
          isolate: false,
        },
      },
      // A fresh process per file, as before: these hold native or process-wide state (Pact's core, signal
      // handlers, child servers) that a later file must not inherit.
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
      // A browser renders the whole API document, then clicks through it: on a loaded CI machine one test took more
      // than the 20 s every other test gets (a run was red for it), so a browser test gets a minute. The files of a
      // worker share its process, its one browser and its one tab (test/support/browser-tab.ts): a browser launched
      // and a tab opened per file or per test cost more CPU than the tests' own clicks on a two-core machine.
      ...(skipBrowserTests ? [] : [{ extends: true as const, test: { name: 'browser', include: [BROWSER_TESTS], isolate: false, testTimeout: 60_000, hookTimeout: 60_000 } }]),
    ],
    // Cheap for a file that sends no request: it loads no validator unless the file does (test/support/violations.ts).
    setupFiles: ['test/support/setup.ts'],
    reporters: skipBrowserTests ? ['default', new SkippedBrowserReporter(browserTestFiles, howToEnableBrowserTests(browser))] : ['default'],
    pool: 'forks',
    // A timeout catches a hang, not slowness: under CI (a 2-core machine that may be loaded: a run under stress-ng,
    // helpers' runs) a CPU-bound test has twice the time; 20 s locally keeps a hang short.
    testTimeout: ON_CI ? 45_000 : 20_000,
    hookTimeout: ON_CI ? 45_000 : 20_000,
  },
});
