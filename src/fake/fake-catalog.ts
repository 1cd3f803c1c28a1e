/** Seeded products and plans, created at the start of the 90-day window (the shop opened its catalogue first). */
import { fromCentavos, timesQuantity, toCentavos } from '../domain/money.ts';
import type { PlanRecord, ProductRecord } from '../domain/records.ts';
import { seededId } from '../platform/random.ts';
import { PLAN_TEMPLATES, PRODUCT_TEMPLATES, type ProductTemplate } from './catalog-templates.ts';
import { merchantKey, type SeedContext } from './seed-context.ts';
import { daysBeforeReference, instantBetween } from './time.ts';

const FIRST_SKU = 1001;

export function seedProducts(context: SeedContext): ProductRecord[] {
  return PRODUCT_TEMPLATES.map((template, index) => seedProduct(context, template, `SKU-${FIRST_SKU + index}`));
}

function seedProduct(context: SeedContext, template: ProductTemplate, sku: string): ProductRecord {
  const { faker } = context;
  const createdAt = instantBetween(faker, daysBeforeReference(90), daysBeforeReference(75));
  // Some products were edited later (a price review), still before anyone ordered them at that price.
  const updatedAt = faker.datatype.boolean(0.3) ? instantBetween(faker, createdAt, daysBeforeReference(60)) : createdAt;
  const withImage = faker.datatype.boolean(0.7);
  const withMetadata = faker.datatype.boolean(0.6);
  return {
    id: seededId(faker, 'prod'),
    clientId: context.clientId,
    name: template.name,
    description: template.description,
    price: drawPrice(context, template),
    ...(withImage && { imageUrl: `https://picsum.photos/seed/${sku.toLowerCase()}/400/400` }),
    originProductId: sku,
    ...(withMetadata && {
      metadata: {
        categoria: template.category,
        stock: faker.number.int({ min: 0, max: 250 }),
        ...(template.origin !== undefined && { origem: template.origin }),
      },
    }),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** A whole multiple of the template's step, drawn in centavos so the price has at most two decimals. */
function drawPrice({ faker }: SeedContext, template: ProductTemplate): number {
  const step = toCentavos(template.step);
  const steps = faker.number.int({
    min: Math.ceil(toCentavos(template.minPrice) / step),
    max: Math.floor(toCentavos(template.maxPrice) / step),
  });
  return fromCentavos(timesQuantity(step, steps));
}

export function seedPlans(context: SeedContext): PlanRecord[] {
  const { faker } = context;
  return PLAN_TEMPLATES.map((template, index) => {
    const at = instantBetween(faker, daysBeforeReference(90), daysBeforeReference(85)).toISOString();
    return {
      id: seededId(faker, 'plan'),
      clientId: context.clientId,
      name: template.name,
      description: template.description,
      price: template.price,
      currency: 'MZN',
      interval: template.interval,
      intervalCount: 1,
      // A copy: a stored record must never share an object with the module-level templates.
      ...(template.metadata !== undefined && { metadata: structuredClone(template.metadata) }),
      originPlanId: merchantKey('PLAN', index + 1, 3),
      createdAt: at,
      updatedAt: at,
    };
  });
}
