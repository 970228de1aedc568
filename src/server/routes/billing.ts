/**
 * Subscription and billing calls (spec 1 §4, §7; docs/BILLING.md). All reachable with an ended
 * subscription (buying is how it starts again); the webhook is public and verified by signature.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '#domain/errors.ts';
import { cancelRequest } from '#domain/plans/cancellation.ts';
import { RouteAccess, requireUser } from '../auth/authenticate.ts';
import type { Billing } from '../billing/billing.ts';
import { UnknownBillingUser } from '../billing/billing-store.ts';
import { WebhookRejected } from '../billing/processor.ts';
import { route } from '../http/contract-routes.ts';

/** Processor events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export async function billingRoutes(
  app: FastifyInstance,
  deps: { readonly billing: Billing },
): Promise<void> {
  const { billing } = deps;
  const signedIn = { config: { access: RouteAccess.SignedIn } };

  route(app, 'billing.plans', signedIn, () => billing.plans());

  route(app, 'billing.checkout', signedIn, async (request, _reply, input) => {
    const user = requireUser(request);
    const { planId, coupon } = input.body();
    return { url: await billing.checkoutUrl(user, planId, coupon?.trim() || null) };
  });

  route(app, 'account.billing', signedIn, (request) => billing.record(requireUser(request).id));

  route(app, 'account.changePlan', signedIn, (request, _reply, input) => {
    const { planId, dryRun } = input.body();
    return billing.changePlan(requireUser(request).id, planId, dryRun);
  });

  route(app, 'account.cancelSubscription', signedIn, async (request, _reply, input) => {
    const user = requireUser(request);
    const body = input.body();
    // Reason 7 ('other') arrives as none already; the rule is applied here too for other clients.
    const reason = cancelRequest(body.reasonId ?? null, body.reasonText ?? '');
    await billing.cancel(user.id, reason.reasonId, reason.reasonText);
    request.log.info({ userId: user.id, reasonId: reason.reasonId }, 'subscription cancelled');
    return billing.record(user.id);
  });

  // The raw body is what the signature covers: this scope reads JSON as bytes.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    route(scope, 'billing.webhook', { config: { access: RouteAccess.Public } }, async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body))
        throw new DomainError('WEBHOOK_REJECTED', { params: { reason: 'the body must be JSON.' } });
      try {
        const effects = await billing.receiveWebhook(body, request.headers);
        request.log.info(
          { users: effects.userIds, duplicates: effects.duplicates },
          'billing events applied',
        );
      } catch (err) {
        if (err instanceof WebhookRejected || err instanceof UnknownBillingUser)
          throw new DomainError('WEBHOOK_REJECTED', { params: { reason: err.message } });
        throw err;
      }
      return { received: true as const };
    });
  });
}
