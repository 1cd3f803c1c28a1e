// The container files agree with each other and with the package: the same health check in the image and in
// compose.yaml, the image ships what the package ships, and the CI example calls what exists.
// (npm run test:container builds and runs the image itself.)
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');

/** The JSON array after `HEALTHCHECK … CMD`, continuation lines joined. */
function imageHealthCheck(): string[] {
  const instruction = /^HEALTHCHECK (?:[^\n\\]|\\\n)*/m.exec(dockerfile)?.[0].replace(/\\\n/g, ' ') ?? '';
  return JSON.parse(/ CMD (\[.*\])\s*$/.exec(instruction)?.[1] ?? '[]') as string[];
}

/** Every path the build stage copies into /ship (the runtime stage's whole tree, beside node_modules). */
function shippedPaths(): string[] {
  const copies = [...dockerfile.matchAll(/cp -R ([^&\n\\]+)/g)].map((match) => (match[1] ?? '').trim().split(/\s+/));
  return copies.flatMap((words) => {
    const target = (words.at(-1) ?? '').replace(/^\/ship\/?/, '');
    return words.slice(0, -1).map((source) => `${target}${source.split('/').at(-1)}`);
  });
}

describe('container files', () => {
  it('checks GET /__admin/health with node in the image, and compose.yaml runs the same check', () => {
    const command = imageHealthCheck();
    expect(command.slice(0, 2)).toEqual(['node', '-e']);
    expect(command[2]).toContain("'/__admin/health'");
    const compose = parse(read('compose.yaml')) as { services: Record<string, { healthcheck: { test: string[] }; ports: string[] }> };
    const service = Object.values(compose.services)[0];
    expect(service?.healthcheck.test).toEqual(['CMD', ...command]);
    expect(service?.ports).toEqual(['127.0.0.1:4010:4010']);
    expect(dockerfile).toMatch(/^EXPOSE 4010$/m);
  });

  it('compose gives the admin API a usable documented token (the console works without a restart) and offers the port to this machine only', () => {
    const compose = parse(read('compose.yaml')) as { services: Record<string, { environment: Record<string, string>; ports: string[] }> };
    const service = Object.values(compose.services)[0];
    const fallback = /^\$\{COMMERCE_MOCK_ADMIN_TOKEN:-(.*)\}$/.exec(service?.environment['COMMERCE_MOCK_ADMIN_TOKEN'] ?? '')?.[1] ?? '';
    expect(fallback.length).toBeGreaterThanOrEqual(8);
    expect(service?.ports.every((port) => port.startsWith('127.0.0.1:'))).toBe(true);
    expect(read('docs/cli.md')).toContain(`\`${fallback}\``);
  });

  it('ships every file the server reads at run time, as the package does', () => {
    const pkg = JSON.parse(read('package.json')) as { files?: string[] };
    const shipped = shippedPaths();
    expect(shipped).toEqual(expect.arrayContaining(['package.json', 'bin', 'dist', 'spec', 'scenarios', 'pacts', 'docs/cli.md']));
    // The package's pages for its readers, which the server never reads: the image keeps docs/cli.md, which --help names.
    const forReaders = ['docs/', 'examples/', 'CHANGELOG.md'];
    const needed = pkg.files?.filter((entry) => !entry.startsWith('!') && !forReaders.includes(entry)) ?? [
      'src/pages/console/',
      'src/pages/checkout/templates/',
      'src/pages/docs/public/',
    ];
    for (const entry of needed) {
      const path = entry.replace(/\/$/, '');
      expect(shipped.some((copied) => path === copied || path.startsWith(`${copied}/`)), path).toBe(true);
    }
  });

  it('runs as a non-root user on 0.0.0.0 with its state in /data', () => {
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "bin\/commerce-mock\.js"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["start", "--host", "0\.0\.0\.0", "--data", "\/data\/db\.json"\]$/m);
  });

  it('the CI example waits on the health endpoint and calls verify with flags verify has', () => {
    const workflow = read('examples/ci/github-actions.yml');
    const steps = JSON.stringify(parse(workflow));
    expect(steps).toContain('/__admin/health');
    const flags = [...steps.matchAll(/ (--[a-z-]+)/g)].map((match) => match[1]);
    expect(flags).toEqual(expect.arrayContaining(['--provider-base-url', '--target', '--report']));
    const contracts = read('docs/contracts.md');
    for (const flag of flags) expect(contracts, flag).toContain(`| \`${flag}`);
  });
});
