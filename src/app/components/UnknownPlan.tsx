import { Link } from '@tanstack/react-router';
import { ScreenTitle } from './ScreenTitle.tsx';

/** /checkout/{planId} with an id that is not one of the four plans (spec 1 §2, §5). */
export function UnknownPlan() {
  return (
    <section className="not-found">
      <ScreenTitle title="404 :(" />
      <p>
        This plan does not exist. <Link to="/pricing">See the plans on offer</Link>
      </p>
    </section>
  );
}
