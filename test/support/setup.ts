import { afterEach, expect } from 'vitest';
import { violations } from './violations.ts';

// Every response produced by any test must match the OpenAPI document (test/support/response-validator.ts).
afterEach(() => {
  const found = violations.splice(0);
  expect(found, 'responses that do not match spec/openapi.yaml').toEqual([]);
});
