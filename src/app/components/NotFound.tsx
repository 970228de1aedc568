import { Link } from '@tanstack/react-router';
import { ScreenTitle } from './ScreenTitle.tsx';

export function NotFound() {
  return (
    <section className="not-found">
      <ScreenTitle title="404 :(" />
      <p>
        This page does not exist. <Link to="/screener">Go to the screener</Link>
      </p>
    </section>
  );
}
