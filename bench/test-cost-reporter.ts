/**
 * What the test suite costs, per folder of test/: vitest's own time per file (setup, import, tests), summed by area,
 * printed when the run ends. A benchmark, not a test: it asserts nothing.
 *
 *   npx vitest run --reporter=default --reporter=./bench/test-cost-reporter.ts
 *
 * Times are wall-clock inside the workers, so they grow with the machine's load; compare CPU time
 * (`/usr/bin/time npx vitest run`) between runs on a shared machine.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

interface Cost {
  files: number;
  setup: number;
  collect: number;
  tests: number;
}

export default class TestCostReporter implements Reporter {
  private readonly areas = new Map<string, Cost>();

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const parts = relative(process.cwd(), module.moduleId).split('/');
    const area = parts.length > 2 ? (parts[1] ?? '') : '(test/)';
    const cost = this.areas.get(area) ?? { files: 0, setup: 0, collect: 0, tests: 0 };
    cost.files += 1;
    cost.setup += diagnostic.setupDuration;
    cost.collect += diagnostic.collectDuration;
    cost.tests += diagnostic.duration;
    this.areas.set(area, cost);
  }

  onTestRunEnd(): void {
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(8);
    const rows = [...this.areas].sort(([a], [b]) => a.localeCompare(b));
    const total = rows.reduce((sum, [, cost]) => ({ files: sum.files + cost.files, setup: sum.setup + cost.setup, collect: sum.collect + cost.collect, tests: sum.tests + cost.tests }), { files: 0, setup: 0, collect: 0, tests: 0 });
    const line = (name: string, cost: Cost) => `${name.padEnd(14)}${String(cost.files).padStart(6)}${seconds(cost.setup)}${seconds(cost.collect)}${seconds(cost.tests)}`;
    process.stdout.write(`\n${'area'.padEnd(14)} files   setup  import   tests (s, summed over files)\n`);
    for (const [area, cost] of rows) process.stdout.write(`${line(area, cost)}\n`);
    process.stdout.write(`${line('total', total)}\n`);
  }
}
