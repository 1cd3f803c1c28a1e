/**
 * The documents the MCP server offers as resources, read from the package's own files (platform/package-files.ts):
 * the outcome catalogue, the payer's outcomes and the API's OpenAPI document, so an agent reads the contract the
 * mock serves and the outcomes it can arm.
 */
import { readFileSync } from 'node:fs';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SHIPPED } from '../platform/package-files.ts';

interface McpDocument {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: string;
  file: string;
}

export const MCP_DOCUMENTS: readonly McpDocument[] = [
  {
    name: 'outcomes',
    uri: 'commerce-mock://docs/outcomes.md',
    title: 'Outcome catalogue',
    description: 'Every outcome of the gateway by id (the ids arm_outcome and outcome_coverage use), how to provoke it and what counts as handled.',
    mimeType: 'text/markdown',
    file: SHIPPED.outcomesDocs,
  },
  {
    name: 'payer-outcomes',
    uri: 'commerce-mock://docs/payer-outcomes.md',
    title: "The payer's outcomes",
    description: "Why a payment fails on the payer's side (insufficient balance, wrong PIN, limits, a locked wallet, a prompt cancelled or expired) and how each is set up.",
    mimeType: 'text/markdown',
    file: SHIPPED.payerOutcomesDocs,
  },
  {
    name: 'openapi',
    uri: 'commerce-mock://spec/openapi.yaml',
    title: "The gateway API's OpenAPI document",
    description: 'The API the mock serves (/v1/...): every operation, its parameters, bodies, answers and error codes.',
    mimeType: 'application/yaml',
    file: SHIPPED.openapiYaml,
  },
];

export function registerDocuments(server: McpServer): void {
  for (const document of MCP_DOCUMENTS) {
    const { name, uri, title, description, mimeType, file } = document;
    server.registerResource(name, uri, { title, description, mimeType }, () => ({ contents: [{ uri, mimeType, text: readFileSync(file, 'utf8') }] }));
  }
}
