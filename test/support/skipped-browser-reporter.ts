/**
 * The line a local run without a browser ends with: which browser test files were left out and how to run them.
 * Printed after vitest's own summary, so the last thing a user reads is why the run was smaller (vitest.config.ts).
 */
import type { Reporter } from 'vitest/reporters';

export class SkippedBrowserReporter implements Reporter {
  constructor(
    private readonly skippedFiles: number,
    private readonly howToEnable: string,
  ) {}

  onTestRunEnd(): void {
    const line = `⚠ SKIPPED ${this.skippedFiles} browser test files: ${this.howToEnable} (Under CI=true they never skip.)`;
    process.stdout.write(`\n${'!'.repeat(24)}\n${line}\n${'!'.repeat(24)}\n`);
  }
}
