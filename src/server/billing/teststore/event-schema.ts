/**
 * The shape of a test-store event on the wire: a BillingEvent as JSON. A webhook body that does
 * not parse to it is rejected, whatever its signature.
 */
import { z } from 'zod';
import type { BillingEvent } from '../processor.ts';

const planId = z.union([z.literal(1), z.literal(12), z.literal(101), z.literal(112)]);
const epochMs = z.number().int().nonnegative();
const cents = z.number().int().nonnegative();
const id = z.string().min(1).max(200);

const subscriptionSchema = z.object({
  subscriptionId: id,
  customerId: id,
  planId,
  periodStartMs: epochMs,
  periodEndMs: epochMs,
  cancelAtPeriodEnd: z.boolean(),
  pendingPlanId: planId.nullable(),
  state: z.enum(['active', 'past_due', 'ended']),
  paymentMethod: z.string().max(100).nullable().optional(),
});

const chargeSchema = z.object({
  externalId: id,
  reason: z.enum(['purchase', 'renewal', 'upgrade']),
  planId,
  periodStartMs: epochMs,
  periodEndMs: epochMs,
  subtotalCents: cents,
  discountCents: cents,
  creditCents: cents,
  totalCents: cents,
  paid: z.boolean(),
  failureMessage: z.string().max(500).optional(),
});

export const billingEventSchema = z.object({
  id,
  occurredMs: epochMs,
  userGuid: id.optional(),
  subscription: subscriptionSchema.optional(),
  charge: chargeSchema.optional(),
  refund: z.object({ chargeExternalId: id, amountCents: cents }).optional(),
}) satisfies z.ZodType<BillingEvent>;
