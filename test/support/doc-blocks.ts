/**
 * The shell blocks of a documentation page, as the doc-test runs them (docs/development.md, "A doc example is a
 * test"): every ```sh, ```bash or ```shell fence, with the `<!-- doc-test: … -->` markers right before it and the
 * outputs its `# → …` comments promise. Not a test file.
 */

export interface Markers {
  /** Not run; why (a marker without a reason is refused). */
  skip?: string;
  /** The block starts the mock (`npm start …`, `commerce-mock start …`): the test starts it instead, with these flags. */
  start?: string[];
  /** A fresh mock before this block: the page says to start one here. */
  freshMock?: boolean;
  /** The test starts the page's webhook receiver before this block, verifying with the page's `$WEBHOOK_SECRET`. */
  receiver?: boolean;
  /** The block's exit status, when it documents a failure (default 0). */
  exit?: number;
}

export interface ShellBlock {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  markers: Markers;
  /** What the output must show, in order: each `# → text`, `…` standing for any text. */
  expected: string[];
}

const FENCE = /^```(sh|bash|shell)\s*$/;
const MARKER = /^<!--\s*doc-test:\s*(.*?)\s*-->$/;

/** The blocks of one page, in order. Throws, naming the page and line, on a marker it cannot read. */
export function shellBlocks(page: string, text: string): ShellBlock[] {
  const lines = text.split('\n');
  const blocks: ShellBlock[] = [];
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (fence !== undefined) {
      if (line.trim() === '```') fence = undefined;
      continue;
    }
    if (!line.startsWith('```')) continue;
    if (!FENCE.test(line)) {
      fence = line;
      continue;
    }
    const end = lines.findIndex((candidate, at) => at > index && candidate.trim() === '```');
    if (end < 0) throw new Error(`${page}:${index + 1}: a shell block that never ends`);
    const code = lines.slice(index + 1, end).join('\n');
    const markers = markersBefore(page, lines, index);
    if (markers.start) parseStart(page, index + 1, code, markers);
    blocks.push({ page, line: index + 1, code, markers, expected: expectedOutputs(code) });
    index = end;
  }
  return blocks;
}

/** The `doc-test` markers of the HTML comments right above a fence (other comments, such as the README's walk-through markers, may sit among them). */
function markersBefore(page: string, lines: string[], fenceIndex: number): Markers {
  const markers: Markers = {};
  for (let index = fenceIndex - 1; index >= 0; index -= 1) {
    const line = (lines[index] ?? '').trim();
    if (!line.startsWith('<!--')) break;
    const found = MARKER.exec(line);
    if (!found) continue;
    // Markers are separated by `;` outside a reason's parentheses.
    for (const part of (found[1] ?? '').split(/;(?![^(]*\))/)) readMarker(`${page}:${index + 1}`, part.trim(), markers);
  }
  return markers;
}

function readMarker(where: string, marker: string, markers: Markers): void {
  const skip = /^skip(?:\s*\((.*)\))?$/.exec(marker);
  const exit = /^exit (\d{1,3})$/.exec(marker);
  if (skip) {
    const reason = skip[1]?.trim();
    if (!reason) throw new Error(`${where}: "doc-test: skip" needs a reason: <!-- doc-test: skip (why the test does not run it) -->`);
    markers.skip = reason;
  } else if (exit) markers.exit = Number(exit[1]);
  else if (marker === 'start') markers.start = [];
  else if (marker === 'fresh mock') markers.freshMock = true;
  else if (marker === 'receiver') markers.receiver = true;
  else throw new Error(`${where}: unknown doc-test marker "${marker}" (skip (reason), start, fresh mock, receiver, exit N)`);
}

/** A `start` block is one command, `npm start [-- flags]` or `[npx] commerce-mock start [flags]`: the flags are kept. */
function parseStart(page: string, line: number, code: string, markers: Markers): void {
  const commands = code
    .split('\n')
    .map((text) => text.replace(/\s#.*$/, '').trim())
    .filter((text) => text !== '' && !text.startsWith('#'));
  const found = commands.length === 1 ? /^(?:npm start(?: --)?|(?:npx )?commerce-mock start)((?:\s+[\w./=:-]+)*)$/.exec(commands[0] ?? '') : null;
  if (!found) throw new Error(`${page}:${line}: a "doc-test: start" block is one start command with plain flags, not:\n${code}`);
  markers.start = (found[1] ?? '').trim().split(/\s+/).filter(Boolean);
}

function expectedOutputs(code: string): string[] {
  return [...code.matchAll(/(?:^|\s)# → (.*)$/gm)].map((found) => (found[1] ?? '').trim());
}

/** Where each expected output is seen in `output`, in order; the first one not seen, or undefined when all are. */
export function firstUnseen(expected: string[], output: string): string | undefined {
  let from = 0;
  for (const text of expected) {
    for (const piece of text.split('…').filter((part) => part !== '')) {
      const at = output.indexOf(piece, from);
      if (at < 0) return text;
      from = at + piece.length;
    }
  }
  return undefined;
}
