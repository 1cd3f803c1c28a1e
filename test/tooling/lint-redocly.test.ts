import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { withoutNode20Notice } from '../../scripts/lint-redocly.mjs';

const strip = withoutNode20Notice as (text: string) => string;
const FRAME = ['', '    ╔════╗', '    ║  Deprecation warning: Node.js 20 support is ending  ║', '    ║  You are using Node.js v20.20.2.  ║', '    ╚════╝', ''];

describe('npm run lint:redocly', () => {
  it('drops the framed Node 20 notice and keeps every other line', () => {
    const text = [...FRAME, 'validating spec/openapi.yaml...', 'spec/openapi.yaml: validated in 918ms', ''].join('\n');
    expect(strip(text)).toBe('validating spec/openapi.yaml...\nspec/openapi.yaml: validated in 918ms\n');
  });

  it('keeps a frame that speaks of anything else, and text with no frame, as they are', () => {
    const other = ['╔══╗', '║ A new version of Redocly CLI is available ║', '╚══╝', 'rest'].join('\n');
    expect(strip(other)).toBe(other);
    expect(strip('spec/admin.yaml: 3 errors\n')).toBe('spec/admin.yaml: 3 errors\n');
  });

  it('lints the documents with no end-of-life banner, and exits 0', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/lint-redocly.mjs'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off' } });
    expect(`${stdout}${stderr}`).not.toMatch(/end-of-life|support is ending/);
    expect(stderr).toMatch(/spec\/openapi\.yaml: validated/);
    expect(stderr).toMatch(/spec\/admin\.yaml: validated/);
  }, 60_000);
});
