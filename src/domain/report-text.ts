/**
 * What the reports of the tools share (the drill's, the outcome coverage's): JUnit XML, so CI systems show them as
 * they show tests, and Markdown table cells. Pure text, no I/O.
 */

/** One test case: passed, skipped (with why), or failed (with a message, a kind and the details a reader needs). */
export interface JUnitCase {
  name: string;
  classname: string;
  seconds: number;
  result: { kind: 'passed' } | { kind: 'skipped'; message: string } | { kind: 'failure'; message: string; type: string; details: string };
}

/** A JUnit document of one suite: `<testsuites name>` holding `<testsuite name=suite>` and its cases. */
export function renderJUnit(name: string, suite: string, cases: readonly JUnitCase[]): string {
  const failures = cases.filter((one) => one.result.kind === 'failure').length;
  const skipped = cases.filter((one) => one.result.kind === 'skipped').length;
  const time = cases.reduce((sum, one) => sum + one.seconds, 0).toFixed(3);
  const lines = cases.map(({ name: caseName, classname, seconds, result }) => {
    const open = `    <testcase name="${xml(caseName)}" classname="${xml(classname)}" time="${seconds.toFixed(3)}"`;
    if (result.kind === 'passed') return `${open}/>`;
    const inner =
      result.kind === 'skipped'
        ? `<skipped message="${xml(result.message)}"/>`
        : `<failure message="${xml(result.message)}" type="${xml(result.type)}">${xml(result.details)}</failure>`;
    return `${open}>\n      ${inner}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" tests="${cases.length}" failures="${failures}" time="${time}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}">`,
    ...lines,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** Text as XML 1.0 attribute or element content: escaped, without the control characters XML cannot hold. */
export function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Text as one Markdown table cell: its pipes escaped, its lines joined. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * Text from outside (a receiver's answer, its error) as a Markdown report shows it: every control character but tab
 * and line feed (ESC, BEL, NUL, CR, DEL, the C1 range) and the bidirectional overrides written as a visible escape
 * (`\x1b`, `\u202e`), so a viewer or terminal that shows the report is never driven by it.
 */
export function visibleControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
