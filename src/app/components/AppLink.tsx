/**
 * A link inside the app: a plain click navigates through the router (no reload), a click with a
 * modifier key or another button is left to the browser (a new tab or window). An anchor rather
 * than the router's `Link`: `Link` in a lazy screen splits router code the first paint needs
 * into extra preloaded chunks (docs/ARCHITECTURE.md).
 */
import { useNavigate } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

export function AppLink({
  href,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useNavigate();
  return (
    <a
      href={href}
      {...props}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || props.target) return;
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void navigate({ href });
      }}
    />
  );
}
