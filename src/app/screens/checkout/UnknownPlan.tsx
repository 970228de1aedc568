import { AppLink } from '#app/components/AppLink.tsx';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

/** /checkout/{planId} with an id that is not one of the four plans (spec 1 §2, §5). */
export function UnknownPlan() {
  return (
    <section className="not-found">
      <ScreenTitle title="404 :(" />
      <p>
        This plan does not exist. <AppLink href="/pricing">See the plans on offer</AppLink>
      </p>
    </section>
  );
}
