/**
 * Responses that did not match their document, collected by the response validator and checked after every test
 * by `setup.ts`. A module of its own, with no imports, so that the setup costs nothing in a file that sends no
 * request (a unit test loads neither openapi-backend nor Ajv).
 */
export const violations: string[] = [];
