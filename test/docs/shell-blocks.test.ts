/**
 * A doc example is a test: every ```sh block of README.md and docs/*.md runs as written, page by page, against a
 * fresh mock the test starts (docs/development.md, "A doc example is a test", has the markers and the conventions).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstUnseen, shellBlocks } from '../support/doc-blocks.ts';
import { runPage } from '../support/doc-page.ts';

const ROOT = new URL('../../', import.meta.url);
const PAGES = ['README.md', ...readdirSync(new URL('docs/', ROOT)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const read = (page: string) => readFileSync(new URL(page, ROOT), 'utf8');

/** Pages run side by side, two at a time: each holds a mock and a shell, and the CI machine has two cores. */
const PARALLEL_PAGES = 2;
let running = 0;
const waiting: Array<() => void> = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

describe('the shell blocks of the docs', () => {
  it.concurrent.each(PAGES)('%s: every block runs as written and shows what it documents', async (page) => {
    const text = read(page);
    // A page whose blocks are all skipped (or that has none) still has its markers read.
    if (shellBlocks(page, text).every((block) => block.markers.skip !== undefined)) return;
    await inTurn(() => runPage(page, text));
  }, 900_000);

  it('every block that does not run says why, and the docs have blocks to run', () => {
    const blocks = PAGES.flatMap((page) => shellBlocks(page, read(page)));
    expect(blocks.filter((block) => block.markers.skip !== undefined).every((block) => (block.markers.skip ?? '').length >= 10)).toBe(true);
    expect(blocks.filter((block) => block.markers.skip === undefined).length).toBeGreaterThan(15);
  });
});

describe('the doc-test markers', () => {
  const fence = (marker: string) => `text\n\n${marker}\n\`\`\`sh\necho hi   # → hi\n\`\`\`\n`;

  it('a skip needs its reason in parentheses; an unknown marker is refused, naming page and line', () => {
    expect(() => shellBlocks('p.md', fence('<!-- doc-test: skip -->'))).toThrow('p.md:3: "doc-test: skip" needs a reason');
    expect(() => shellBlocks('p.md', fence('<!-- doc-test: skip () -->'))).toThrow('needs a reason');
    expect(() => shellBlocks('p.md', fence('<!-- doc-test: skipp (typo) -->'))).toThrow('p.md:3: unknown doc-test marker "skipp (typo)"');
    expect(shellBlocks('p.md', fence('<!-- doc-test: skip (needs Docker) -->'))[0]?.markers).toEqual({ skip: 'needs Docker' });
  });

  it('markers combine, other comments may sit among them, and a start block keeps its flags', () => {
    const [block] = shellBlocks('p.md', fence('<!-- doc-test: fresh mock; exit 1 -->\n<!-- walkthrough:start -->'));
    expect(block).toMatchObject({ line: 5, code: 'echo hi   # → hi', markers: { freshMock: true, exit: 1 }, expected: ['hi'] });
    const [start] = shellBlocks('p.md', '<!-- doc-test: start -->\n```sh\nnpx commerce-mock start --scenario token-expiry   # from the start\n```\n');
    expect(start?.markers.start).toEqual(['--scenario', 'token-expiry']);
    expect(() => shellBlocks('p.md', '<!-- doc-test: start -->\n```sh\nnpm start\ncurl localhost:4010\n```\n')).toThrow('one start command');
  });

  it('only sh, bash and shell fences are blocks; a fence in another language hides what it holds', () => {
    const text = '```ts\nconst a = 1;\n```\n```bash\nls\n```\n```\n```sh\n```\n```shell\npwd\n```\n';
    expect(shellBlocks('p.md', text).map((block) => block.code)).toEqual(['ls', 'pwd']);
  });

  it('documented outputs are seen in order, … standing for any text', () => {
    expect(firstUnseen(['{"data":{"id":"…","status":"PAID"}}', '204'], 'x {"data":{"id":"ord_1","status":"PAID"}} 204')).toBeUndefined();
    expect(firstUnseen(['204', 'PAID'], 'PAID 204')).toBe('PAID');
    expect(firstUnseen(['"status":"PAID"'], '"status":"PENDING"')).toBe('"status":"PAID"');
  });
});
