/**
 * Plain buttons, a spinner and an anchored menu for the scan page. The page keeps to plain elements rather
 * than @ionic/react's wrappers: a lazy chunk importing those wrappers together with the query
 * library makes the bundler split them out of the entry into extra chunks the first paint loads
 * (measured +2.6 KiB gzip); these cost nothing there.
 */
import { useEffect, useRef } from 'react';
import { visibleArea } from './visible-area.ts';

export function Button({
  fill = 'solid',
  danger = false,
  className,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
  fill?: 'solid' | 'outline' | 'clear';
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={`scan-button ${fill}${danger ? ' danger' : ''}${className ? ` ${className}` : ''}`}
      {...props}
    />
  );
}

export function Spinner({ label }: { label: string }) {
  return <span className="scan-spinner" role="status" aria-label={label} />;
}

/** The largest a menu gets; it scrolls beyond. */
const MENU_MAX_HEIGHT = 480;
/** Room a menu needs under its button to open downwards (a few items); else it opens upwards. */
const MENU_MIN_ROOM = 200;

/**
 * A menu under its button, or over it when the button is near the foot of the screen (a column
 * title above the phone's tab bar); closes on a choice, a click elsewhere or Escape.
 */
export function Menu({
  anchor,
  label,
  onClose,
  children,
  className,
}: {
  /** The button the menu opened from; the menu sits under it, kept inside the window. */
  anchor: Element;
  label: string;
  onClose: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    window.addEventListener('keydown', onKey);
    // After the click that opened the menu has finished.
    const timer = setTimeout(() => window.addEventListener('pointerdown', onDown));
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onDown);
    };
  }, [onClose]);
  const box = anchor.getBoundingClientRect();
  const area = visibleArea();
  const left = Math.max(8, Math.min(box.left, window.innerWidth - 288));
  const below = area.bottom - box.bottom - 12;
  const above = box.top - area.top - 12;
  const style: React.CSSProperties =
    below >= MENU_MIN_ROOM || below >= above
      ? { top: box.bottom + 4, left, maxHeight: Math.min(MENU_MAX_HEIGHT, below) }
      : { bottom: window.innerHeight - box.top + 4, left, maxHeight: Math.min(MENU_MAX_HEIGHT, above) };
  return (
    <div
      ref={ref}
      className={`scan-menu-popup${className ? ` ${className}` : ''}`}
      role="menu"
      aria-label={label}
      style={style}
    >
      {children}
    </div>
  );
}

export function MenuItem({
  onSelect,
  children,
  className,
}: {
  onSelect: () => void;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      className={`scan-menu-item${className ? ` ${className}` : ''}`}
      onClick={(e) => {
        e.stopPropagation();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}
