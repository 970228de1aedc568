/**
 * Small line icons drawn inline, for lazy screens. Icons taken from `ionicons/icons` would be
 * added to that module, which lives in the entry chunk (the shell uses it), so every icon a
 * screen imports there grows the first download; these stay in the screen's chunk.
 * 24 × 24, stroked in the current text colour.
 */

const PATHS = {
  star: 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z',
  eye: 'M1.5 12S5.3 5 12 5s10.5 7 10.5 7-3.8 7-10.5 7S1.5 12 1.5 12z M12 9a3 3 0 100 6 3 3 0 000-6z',
  eyeOff: 'M1.5 12S5.3 5 12 5s10.5 7 10.5 7-3.8 7-10.5 7S1.5 12 1.5 12z M3 3l18 18',
  more: 'M12 5.5v.01 M12 12v.01 M12 18.5v.01',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  pencil: 'M4 20l1-4L16.5 4.5a2.1 2.1 0 013 3L8 19z M14 7l3 3',
  trash: 'M4 6.5h16 M9 6.5V4h6v2.5 M6 6.5l1 13.5h10l1-13.5 M10 10.5v6 M14 10.5v6',
} as const;
export type LineIconName = keyof typeof PATHS;

export function LineIcon({
  name,
  filled = false,
  label,
  className,
}: {
  name: LineIconName;
  /** Filled with the text colour (a set star). */
  filled?: boolean;
  /** Spoken name; without one the icon is decoration. */
  label?: string;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; labelled ones carry a <title>
    <svg
      className={`line-icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {label && <title>{label}</title>}
      <path d={PATHS[name]} />
    </svg>
  );
}
