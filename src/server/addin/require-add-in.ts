import type { FastifyRequest } from 'fastify';
import { DomainError, PLAN_LIMIT_MESSAGES } from '#domain/errors.ts';
import { effectiveLimits } from '#domain/plans/plan-limits.ts';
import { requireUser } from '../auth/authenticate.ts';

/**
 * The add-in's calls need a plan that includes it (Advanced, or a trial: docs/PLANS.md), checked
 * on every call, so a token made on such a plan reads nothing after a downgrade.
 */
export async function requireAddIn(request: FastifyRequest): Promise<void> {
  const { status, planId } = requireUser(request).subscription;
  if (!effectiveLimits({ status, planId }).addIn)
    throw new DomainError('PLAN_LIMIT_REACHED', { message: PLAN_LIMIT_MESSAGES.addIn });
}
