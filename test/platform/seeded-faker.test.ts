/**
 * The seeded faker holds no language's definitions: every kind of draw the mock makes (choices among its own lists,
 * numbers, booleans, strings, dates) comes out the same as from a faker with pt_PT's (and its en fallback), seed
 * for seed, so a seed still yields the dataset it always did.
 */
import type { Faker } from '@faker-js/faker';
import { faker as portugueseTemplate } from '@faker-js/faker/locale/pt_PT';
import { describe, expect, it } from 'vitest';
import { createSeededFaker } from '../../src/platform/random.ts';

function withPortuguese(seed: number): Faker {
  const FakerClass = portugueseTemplate.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;
  const faker = new FakerClass({ locale: portugueseTemplate.rawDefinitions });
  faker.seed(seed);
  return faker;
}

const draws = (faker: Faker) =>
  Array.from({ length: 200 }, () => [
    faker.helpers.arrayElement(['a', 'b', 'c', 'd']),
    faker.helpers.arrayElements([1, 2, 3, 4, 5, 6], { min: 1, max: 4 }),
    faker.helpers.weightedArrayElement([{ weight: 1, value: 'rare' }, { weight: 5, value: 'common' }]),
    faker.helpers.shuffle([1, 2, 3, 4, 5]),
    faker.number.int({ min: 0, max: 1_000_000 }),
    faker.datatype.boolean({ probability: 0.3 }),
    faker.string.alphanumeric(20),
    faker.string.numeric(9),
    faker.date.between({ from: '2026-01-01T00:00:00Z', to: '2026-06-01T00:00:00Z' }).toISOString(),
  ]);

describe('the seeded faker', () => {
  it.each([1, 42, 20_260_301])('seed %i: the same draws as a faker with pt_PT definitions', (seed) => {
    expect(draws(createSeededFaker(seed))).toEqual(draws(withPortuguese(seed)));
  });

  it('holds no language: its definitions are the locale-free base ones', () => {
    const faker = createSeededFaker(1);
    expect(faker.rawDefinitions.metadata?.code).toBe('base');
    expect(faker.rawDefinitions.person).toBeUndefined();
  });
});
