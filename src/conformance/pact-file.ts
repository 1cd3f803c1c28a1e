/**
 * Reads pact files: a path names a pact or a directory of them (`*.json`, sorted). What cannot be read as a pact
 * (missing file, not JSON, not a pact, an interaction without method, path or status) is a value naming the file
 * and the reason, never an exception.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { issueText, readInteraction, type PactInteraction } from './pact-interaction.ts';
import { pactSchema, type PactDocument } from './pact-schema.ts';
import { fileProblem } from '../platform/file-problem.ts';

export interface Pact {
  file: string;
  consumer: string;
  provider: string;
  /** Major version of the Pact specification (2, 3 or 4). */
  specification: number;
  interactions: PactInteraction[];
  /** The file's JSON as written, matching rules and generators included: what a verifier is handed. */
  json: unknown;
}

export interface UnreadablePact {
  file: string;
  reason: string;
}

export type PactOutcome = { ok: true; pact: Pact } | ({ ok: false } & UnreadablePact);

/** The pact files named by `paths`: files as given, directories by their `*.json` files. */
export function pactFilesIn(paths: readonly string[]): { files: string[]; unreadable: UnreadablePact[] } {
  const files: string[] = [];
  const unreadable: UnreadablePact[] = [];
  for (const path of paths) {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(path).isDirectory();
    } catch (error) {
      unreadable.push({ file: path, reason: fileProblem(error) });
      continue;
    }
    if (!isDirectory) {
      files.push(path);
      continue;
    }
    const inside = readdirSync(path)
      .filter((name) => name.toLowerCase().endsWith('.json'))
      .sort()
      .map((name) => join(path, name));
    if (inside.length === 0) unreadable.push({ file: path, reason: 'no pact files (*.json) in this directory' });
    files.push(...inside);
  }
  return { files, unreadable };
}

export function readPactFile(file: string): PactOutcome {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return { ok: false, file, reason: fileProblem(error) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, file, reason: `not JSON (${(error as Error).message})` };
  }
  const parsed = pactSchema.safeParse(json);
  if (!parsed.success) return { ok: false, file, reason: `not a pact: ${issueText(parsed.error.issues)}` };
  const document = parsed.data;
  const specification = specificationOf(document);
  const interactions: PactInteraction[] = [];
  const sources = [
    ...(document.interactions ?? []).map((raw, index) => ({ raw, at: `interactions.${index}`, isMessage: false })),
    ...(document.messages ?? []).map((raw, index) => ({ raw, at: `messages.${index}`, isMessage: true })),
  ];
  for (const { raw, at, isMessage } of sources) {
    const read = readInteraction(raw, specification, isMessage);
    if (!read.ok) return { ok: false, file, reason: `not a pact: ${at}.${read.reason}` };
    interactions.push(read.interaction);
  }
  return { ok: true, pact: { file, consumer: document.consumer.name, provider: document.provider.name, specification, interactions, json } };
}

/** `metadata.pactSpecification.version` ("4.0"), or its older spellings; V4 when the interactions are typed. */
function specificationOf(document: PactDocument): number {
  const metadata = document.metadata;
  const version = metadata?.pactSpecification?.version ?? metadata?.['pact-specification']?.version ?? metadata?.pactSpecificationVersion;
  const major = Number.parseInt(version ?? '', 10);
  if (Number.isInteger(major)) return major;
  const typed = (document.interactions ?? []).some((raw) => typeof raw === 'object' && raw !== null && 'type' in raw);
  return typed ? 4 : 2;
}
