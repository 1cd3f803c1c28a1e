/**
 * The shape of a pact file, as far as the check reads it: Pact specification V2, V3 and V4. Loose where the
 * versions differ (a V2 query is a string, V3 and V4 a map of lists; a V4 body is `{content, contentType,
 * encoded}`, older bodies the value itself); strict where the check needs a value (method, path, status).
 * Matching rules, generators and plugin data are not read.
 */
import * as z from 'zod';

const headers = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const httpRequestSchema = z.object({
  method: z.string().min(1),
  path: z.string(),
  query: z.union([z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())]))]).optional(),
  headers: headers.optional(),
  body: z.unknown().optional(),
});

export const httpResponseSchema = z.object({
  status: z.number().int().min(100).max(599),
  headers: headers.optional(),
  body: z.unknown().optional(),
});

/** What every interaction has, HTTP or not; `type` only in V4. */
export const interactionHeadSchema = z.object({
  description: z.string(),
  type: z.string().optional(),
  providerState: z.string().optional(),
  providerStates: z.array(z.object({ name: z.string() })).optional(),
});

export const httpInteractionSchema = interactionHeadSchema.extend({
  request: httpRequestSchema,
  response: httpResponseSchema,
});

/** A V4 body; `encoded` is false, "base64" or "JSON" (the content is then JSON text). */
export const v4BodySchema = z.object({
  content: z.unknown().optional(),
  contentType: z.string().optional(),
  encoded: z.union([z.boolean(), z.string()]).optional(),
});

const specification = z.object({ version: z.string() });

export const pactSchema = z
  .object({
    consumer: z.object({ name: z.string() }),
    provider: z.object({ name: z.string() }),
    interactions: z.array(z.unknown()).optional(),
    // V3 message pacts keep their (non-HTTP) interactions here.
    messages: z.array(z.unknown()).optional(),
    metadata: z
      .object({
        pactSpecification: specification.optional(),
        'pact-specification': specification.optional(),
        pactSpecificationVersion: z.string().optional(),
      })
      .optional(),
  })
  .refine((pact) => pact.interactions !== undefined || pact.messages !== undefined, {
    message: 'a pact has "interactions" (or "messages")',
  });

export type HttpInteraction = z.infer<typeof httpInteractionSchema>;
export type PactDocument = z.infer<typeof pactSchema>;
