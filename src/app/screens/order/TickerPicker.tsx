/** The ticker selector: type to search symbols and names, pick one of the matches. */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { underlyingsQuery } from '#app/features/market/queries.ts';

const SHOWN = 8;

export function TickerPicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (symbol: string) => void;
  disabled: boolean;
}) {
  const underlyings = useQuery(underlyingsQuery());
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const matches = useMemo(() => {
    const needle = text.trim().toUpperCase();
    if (!needle) return [];
    const rows = underlyings.data ?? [];
    const bySymbol = rows.filter((u) => u.contract.symbol.startsWith(needle));
    const byName = rows.filter(
      (u) => !u.contract.symbol.startsWith(needle) && u.name.toUpperCase().includes(needle),
    );
    return [...bySymbol, ...byName].slice(0, SHOWN);
  }, [text, underlyings.data]);
  const choose = (symbol: string) => {
    setText(symbol);
    setOpen(false);
    if (symbol !== value) onChange(symbol);
  };
  return (
    <div className="ticker-picker">
      <label className="field">
        <span>Ticker</span>
        <input
          className="app-input"
          aria-label="Ticker"
          placeholder="Symbol or name"
          autoComplete="off"
          value={text}
          disabled={disabled}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && matches[0]) {
              e.preventDefault();
              choose(matches[0].contract.symbol);
            }
          }}
        />
      </label>
      {open && matches.length > 0 && (
        <ul className="ticker-matches" aria-label="Matching tickers">
          {matches.map((u) => (
            <li key={u.contract.symbol}>
              <button
                type="button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(u.contract.symbol)}
              >
                <strong>{u.contract.symbol}</strong> <span>{u.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
