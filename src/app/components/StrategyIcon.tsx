/**
 * A strategy's icon (spec 2 §3.1: every strategy has one): its profit/loss at expiration, drawn
 * from the catalogue's leg template, so the picture always matches the legs. Strikes sit one unit
 * apart in their slot order; the premium is left out (the shape is the point). Calendars and
 * diagonals, valued before the back leg expires, get their tent; custom strategies a generic mark.
 */
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';

const SIZE = 24;
const PAD = 3;

/** Payoff per share at price `x` of a template's legs (strikes 1, 2, … by slot; spot in the middle). */
function payoffPath(key: StrategyKey): string | null {
  const def = STRATEGIES[key];
  const options = def.legs.filter((l) => l.kind === 'option');
  if (options.length === 0) return null;
  const spot = (Math.max(...options.map((l) => l.strikeSlot)) + 2) / 2;
  const payoff = (x: number) =>
    def.legs.reduce((sum, leg) => {
      if (leg.kind === 'stock') return sum + (leg.quantity / 100) * (x - spot);
      const strike = leg.strikeSlot + 1;
      const intrinsic = leg.right === 'CALL' ? Math.max(0, x - strike) : Math.max(0, strike - x);
      return sum + leg.quantity * intrinsic;
    }, 0);
  const xs = Array.from({ length: 25 }, (_, i) => (i / 24) * (spot * 2));
  const ys = xs.map(payoff);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const span = hi - lo || 1;
  return xs
    .map((x, i) => {
      const px = PAD + (x / (spot * 2)) * (SIZE - 2 * PAD);
      const py = SIZE - PAD - ((ys[i]! - lo) / span) * (SIZE - 2 * PAD);
      return `${i === 0 ? 'M' : 'L'}${px.toFixed(1)} ${py.toFixed(1)}`;
    })
    .join(' ');
}

const TENT = 'M3 17 L9 15 L12 6 L15 15 L21 17';
const CUSTOM = 'M4 16 L9 9 L13 13 L20 5 M15 5 L20 5 L20 10';

export function StrategyIcon({ strategy, size = SIZE }: { strategy: StrategyKey; size?: number }) {
  const def = STRATEGIES[strategy];
  const twoExpirations = def.legs.some((l) => l.kind === 'option' && l.expirationSlot > 0);
  const path = strategy === 'custom' ? CUSTOM : twoExpirations ? TENT : payoffPath(strategy);
  return (
    <svg
      className="strategy-icon"
      width={size}
      height={size}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={def.title}
    >
      <title>{def.title}</title>
      <line x1={PAD} x2={SIZE - PAD} y1={SIZE / 2} y2={SIZE / 2} stroke="currentColor" strokeOpacity={0.25} />
      {path && (
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
