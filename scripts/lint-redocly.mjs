// `npm run lint:redocly`: Redocly's linter on the three documents, its output passed through as it is, less one
// box: on Node 20 Redocly CLI opens every run with a framed end-of-life notice. The project says which Node
// versions it supports itself (package.json's engines, docs/development.md); that notice in every `npm test` told a
// user nothing they could act on in this project. Any other output, and the exit code, are Redocly's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const DOCUMENTS = ['spec/openapi.yaml', 'spec/admin.yaml', 'spec/proxy.yaml'];

/** The text without the framed notice (from its ╔ line to its ╚ line) when the frame speaks of Node.js 20. */
export function withoutNode20Notice(text) {
  const lines = text.split('\n');
  const top = lines.findIndex((line) => line.trim().startsWith('╔'));
  const bottom = lines.findIndex((line, index) => index > top && line.trim().startsWith('╚'));
  if (top < 0 || bottom < 0 || !lines.slice(top, bottom).some((line) => line.includes('Node.js 20'))) return text;
  const before = lines.slice(0, top);
  if (before.length > 0 && before.at(-1).trim() === '') before.pop();
  return [...before, ...lines.slice(bottom + 1)].join('\n').replace(/^\n+/, '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = spawn(process.execPath, [cli, 'lint', ...DOCUMENTS, '--format=stylish'], { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  child.on('close', (code, signal) => {
    process.stderr.write(withoutNode20Notice(stderr));
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
