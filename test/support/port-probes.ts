/**
 * Finds, in a source of test/, bench/ or scripts/, the ways a port is found free to be bound later (see
 * test/architecture/port-probes.test.ts): a server listened on, its port read, the server closed and the port used
 * after; a stopped server's port used again; helpers and packages named after the habit.
 */
import ts from 'typescript';

/** Names of the habit: helpers that find a port free for later, and the packages that do it. */
const PROBE_NAME = /free[-_]?port|get[-_]?port|portfinder|detect[-_]?port|find[-_]?(?:free|open|available)[-_]?port|(?:unused|available|open)[-_]?port/i;
/** A probe inside a string or a shell line: `listen(0 …` then the port read, then the server closed. */
const INLINE_PROBE = /listen\(\s*0\b[^\n]{0,160}?address\(\)\.port[^\n]{0,80}?\.close\(/;

/** Every way `text` (a file named `name`) finds a port free for later, as `name:line: what`. */
export function portProbes(name: string, text: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const inline = INLINE_PROBE.exec(text);
  if (inline) found.push(`${name}:${lineOf(inline.index)}: a server listened on port 0, its port read, then closed: the port is found free for later`);
  // Parsed only when it could hold a probe (parsing every file of test/ costs seconds).
  if (name.endsWith('.sh') || !(text.includes('.address(') || text.includes('.port') || PROBE_NAME.test(text))) return found;
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, /\.[cm]?js$/.test(name) ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && PROBE_NAME.test(node.text)) found.push(`${name}:${lineOf(node.getStart())}: ${node.text}: a helper that finds a port free for later`);
    if (ts.isStringLiteral(node) && ts.isImportDeclaration(node.parent) && PROBE_NAME.test(node.text)) found.push(`${name}:${lineOf(node.getStart())}: imports ${node.text}`);
    const probe = ts.isCallExpression(node) ? closedAfterPortRead(node) : undefined;
    if (probe) found.push(`${name}:${lineOf(node.getStart())}: the port of ${probe.server} is read, ${probe.server} closed (line ${lineOf(probe.closedAt)}), and the port used after (line ${lineOf(probe.usedAt)})`);
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'port') {
      const stopped = stoppedBefore(node);
      if (stopped !== undefined) found.push(`${name}:${lineOf(node.getStart())}: ${node.getText()} used after ${node.expression.getText()} was stopped (line ${lineOf(stopped)}): a released port is bound or called again`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * `server.address()` whose port is kept in a variable, when the enclosing function closes that server later and
 * uses the variable after the close (returns it, hands it to a callback, binds or passes it on).
 */
function closedAfterPortRead(call: ts.CallExpression): { server: string; closedAt: number; usedAt: number } | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'address' || call.arguments.length > 0) return undefined;
  const server = callee.expression.getText();
  const scope = scopeOf(call);
  const kept = keptIn(call);
  if (kept.length === 0) return undefined;
  let closedAt: number | undefined;
  let usedAt: number | undefined;
  const walk = (node: ts.Node): void => {
    if (usedAt !== undefined) return;
    if (closedAt === undefined && node.getStart() > call.getEnd() && isCallOn(node, server, 'close')) closedAt = node.getStart();
    else if (closedAt !== undefined && node.getStart() > closedAt && ts.isIdentifier(node) && kept.includes(node.text)) usedAt = node.getStart();
    ts.forEachChild(node, walk);
  };
  walk(scope);
  return closedAt !== undefined && usedAt !== undefined ? { server, closedAt, usedAt } : undefined;
}

/**
 * Where `server.port`'s server was stopped or closed earlier in the same scope, if it was and the name was not given
 * another server since (`mock = await startMock()` after `await mock.stop()`).
 */
function stoppedBefore(port: ts.PropertyAccessExpression): number | undefined {
  const server = port.expression.getText();
  let stoppedAt: number | undefined;
  const walk = (node: ts.Node): void => {
    if (node.getStart() >= port.getStart()) return;
    if (isCallOn(node, server, 'stop') || isCallOn(node, server, 'close')) stoppedAt = node.getStart();
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && node.left.getText() === server) {
      ts.forEachChild(node, walk);
      stoppedAt = undefined;
    } else ts.forEachChild(node, walk);
  };
  walk(scopeOf(port));
  return stoppedAt;
}

/** Calls whose callback is a scope of its own: a test, a hook, a suite. */
const TEST_CALLS: ReadonlySet<string> = new Set(['it', 'test', 'describe', 'beforeAll', 'beforeEach', 'afterAll', 'afterEach']);

/**
 * The code that runs as one piece around `node`: its function, widened over callbacks handed to calls (a promise's
 * executor, a listen callback) up to a test's or a hook's body, or a function declared on its own.
 */
function scopeOf(node: ts.Node): ts.Node {
  let scope: ts.Node = node.getSourceFile();
  for (let at = node.parent; !ts.isSourceFile(at); at = at.parent) {
    if (!ts.isFunctionLike(at)) continue;
    scope = at;
    const call = at.parent;
    const handedTo = (ts.isCallExpression(call) || ts.isNewExpression(call)) && call.arguments?.some((argument) => argument === at);
    if (!handedTo || TEST_CALLS.has(calleeRoot(call.expression))) break;
  }
  return scope;
}

/** `it` of `it.each([…])`, `createServer` of `createServer().listen`. */
function calleeRoot(callee: ts.Expression): string {
  let at = callee;
  while (ts.isPropertyAccessExpression(at) || ts.isCallExpression(at)) at = at.expression;
  return ts.isIdentifier(at) ? at.text : '';
}

/** The variables the address (or its port) is stored in: `const { port } = s.address()`, `port = (s.address()).port`. */
function keptIn(call: ts.CallExpression): string[] {
  let at: ts.Node = call;
  while (at.parent && !ts.isStatement(at.parent) && !ts.isVariableDeclaration(at.parent) && !isAssignment(at.parent)) at = at.parent;
  const holder = at.parent;
  if (holder && ts.isVariableDeclaration(holder)) return bindingNames(holder.name);
  if (holder && isAssignment(holder) && ts.isIdentifier(holder.left)) return [holder.left.text];
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

function isAssignment(node: ts.Node): node is ts.BinaryExpression {
  return ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

function isCallOn(node: ts.Node, target: string, method: string): boolean {
  return ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === method && node.expression.expression.getText() === target;
}
