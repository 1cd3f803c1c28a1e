/**
 * The browser files use their worker's one Chromium and one tab (test/support/browser-tab.ts): a browser launched per
 * file, or one closed by a file, would make every later file of the worker launch its own again, and the browser
 * files took twice as long that way on the 2-core machine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../browser/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.test.ts'));

describe('the browser files', () => {
  it('are found', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s launches no browser and closes none', (name) => {
    const text = readFileSync(new URL(name, dir), 'utf8');
    expect(text).not.toMatch(/\blaunchBrowser\b|chromium\.launch/);
    expect(text).not.toMatch(/\bbrowser\??\.close\(/);
  });
});
