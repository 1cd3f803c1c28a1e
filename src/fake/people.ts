/** Seeded customers: Mozambican names, e-mails derived from them, +258 mobile numbers, NUIT tax ids. */
import type { CustomerRecord } from '../domain/records.ts';
import { seededId } from '../platform/random.ts';
import { merchantKey, type SeedContext } from './seed-context.ts';
import { CITIES, FIRST_NAMES, PHONE_PREFIXES, STREETS, SURNAMES, asciiSlug } from './names.ts';
import { daysBeforeReference, instantBetween } from './time.ts';

export const CUSTOMER_COUNT = 15;

/** Customers join during the first half of the 90-day window, before they order or subscribe. */
const JOINED_FROM_DAYS = 90;
const JOINED_UNTIL_DAYS = 45;

/**
 * Seeded merchant ids run CUST-1001… so the low numbers stay free for the user: the README walk-through
 * creates CUST-0001 on a freshly seeded server, and a create with a taken merchant id is refused.
 */
const FIRST_CUSTOMER_NUMBER = 1001;

const CHANNELS = ['whatsapp', 'loja', 'site', 'facebook'] as const;

export function seedCustomers(context: SeedContext): CustomerRecord[] {
  const { faker } = context;
  // Distinct surnames keep the derived e-mail addresses unique.
  const surnames = faker.helpers.arrayElements(SURNAMES, CUSTOMER_COUNT);
  return surnames.map((surname, index) => seedCustomer(context, surname, FIRST_CUSTOMER_NUMBER + index));
}

function seedCustomer(context: SeedContext, surname: string, sequence: number): CustomerRecord {
  const { faker } = context;
  const firstName = faker.helpers.arrayElement(FIRST_NAMES);
  const { city, postalCode } = faker.helpers.arrayElement(CITIES);
  const createdAt = instantBetween(faker, daysBeforeReference(JOINED_FROM_DAYS), daysBeforeReference(JOINED_UNTIL_DAYS));
  const withAddress = faker.datatype.boolean(0.7);
  const withTaxId = faker.datatype.boolean(0.5);
  const withMetadata = faker.datatype.boolean(0.4);
  const at = createdAt.toISOString();
  return {
    id: seededId(faker, 'cus'),
    clientId: context.clientId,
    name: `${firstName} ${surname}`,
    email: `${asciiSlug(firstName)}.${asciiSlug(surname)}@example.co.mz`,
    phone: mozambicanMobile(context),
    city,
    ...(withAddress && {
      addressLine: `${faker.helpers.arrayElement(STREETS)}, ${faker.number.int({ min: 1, max: 2500 })}`,
      postalCode,
    }),
    ...(withTaxId && { taxId: nuit(context) }),
    merchantCustomerId: merchantKey('CUST', sequence),
    ...(withMetadata && {
      metadata: { canal: faker.helpers.arrayElement(CHANNELS), clienteVip: faker.datatype.boolean(0.3) },
    }),
    createdAt: at,
    updatedAt: at,
  };
}

/** `+258 84 123 4567`: a Vodacom or Movitel mobile number. */
function mozambicanMobile({ faker }: SeedContext): string {
  const prefix = faker.helpers.arrayElement(PHONE_PREFIXES);
  return `+258 ${prefix} ${faker.string.numeric(3)} ${faker.string.numeric(4)}`;
}

/** NUIT: nine digits; those of individuals start with 1. */
function nuit({ faker }: SeedContext): string {
  return `1${faker.string.numeric(8)}`;
}
