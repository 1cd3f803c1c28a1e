import { afterEach, expect } from 'vitest';
import { violations } from './response-validator.ts';

// Every response produced by any test must match the OpenAPI document.
afterEach(() => {
  const found = violations.splice(0);
  expect(found, 'responses that do not match spec/openapi.yaml').toEqual([]);
});
