import type { PlanOffer } from '#api/billing.ts';
import { AppLink } from '#app/components/AppLink.tsx';
import { planParts } from '#domain/plans/plan-id.ts';
import { PLAN_PITCH } from './plan-features.ts';
import { billedText, type PlanAction, priceText } from './pricing-view.ts';

function PlanActionLink({ action, planName }: { action: PlanAction; planName: string }) {
  const className = `plan-action${action.secondary ? ' secondary' : ''}`;
  // The plan's name completes the spoken name: four cards each have a BUY.
  const content = (
    <>
      {action.label} <span className="visually-hidden">{planName}</span>
    </>
  );
  return action.kind === 'email' ? (
    <a className={className} href={action.href}>
      {content}
    </a>
  ) : (
    <AppLink className={className} href={action.href}>
      {content}
    </AppLink>
  );
}

/** One plan of the grid: its price per month, what a period bills, a promotion, its button. */
export function PlanCard({
  offer,
  action,
  current,
}: {
  offer: PlanOffer;
  /** Absent until the subscription is known. */
  action: PlanAction | undefined;
  current: boolean;
}) {
  const titleId = `plan-${offer.planId}`;
  const { promotion } = offer;
  return (
    <article className={`plan-card${current ? ' current' : ''}`} aria-labelledby={titleId}>
      {promotion && <p className="plan-promotion">{promotion.banner ?? 'Special offer'}</p>}
      <div className="plan-head">
        <h2 id={titleId}>{offer.levelName}</h2>
        {current && <span className="plan-current">Your plan</span>}
      </div>
      <p className="plan-price">
        {promotion && (
          <del>
            <span className="visually-hidden">List price </span>
            {priceText(offer.monthlyPriceCents)}
          </del>
        )}
        <strong>{priceText(promotion ? promotion.newMonthlyPriceCents : offer.monthlyPriceCents)}</strong>
        <span className="plan-per">/ month</span>
      </p>
      <p className="plan-billed">{billedText(offer)}</p>
      <p className="plan-pitch">{PLAN_PITCH[planParts(offer.planId).level]}</p>
      {action && (
        <>
          <PlanActionLink action={action} planName={offer.name} />
          {action.kind === 'email' && (
            <p className="plan-note">
              Your plan is billed outside the app: write to us to change or cancel it.
            </p>
          )}
        </>
      )}
    </article>
  );
}
