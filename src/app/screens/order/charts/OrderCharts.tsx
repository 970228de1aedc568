/**
 * The order editor's two charts (spec 3 §2), one lazy chunk with uPlot:
 * - the price chart (height 290): daily closes of the symbol with markers at the trade's
 *   dates (its open, and its close when closed), at that day's close;
 * - the 'PL Profile': P/L of the whole order over the underlying's price at expiration and
 *   today, dimmed while the legs do not fit the strategy.
 */
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Bar } from '#api/market.ts';
import { OPTION_MULTIPLIER } from '#domain/contracts/contract.ts';
import type { PLProfile } from '#domain/metrics/pl-profile.ts';
import { UPlotChart } from './UPlotChart.tsx';

export const PRICE_CHART_HEIGHT = 290;
const PROFILE_HEIGHT = 240;
const DAY_S = 86_400;

/** Marker y-values: the close of each bar on a marker's day, null elsewhere. */
export function markerSeries(bars: readonly Bar[], markersMs: readonly number[]): (number | null)[] {
  const days = new Set(markersMs.map((ms) => Math.floor(ms / 1000 / DAY_S)));
  const last = bars.length - 1;
  return bars.map((b, i) => {
    const day = Math.floor(b.time / DAY_S);
    // A marker after the last bar (today, before the session's bar is written) sits on the last bar.
    const today = i === last && markersMs.some((ms) => Math.floor(ms / 1000 / DAY_S) > day);
    return days.has(day) || today ? b.close : null;
  });
}

export function PriceChart({
  bars,
  markersMs,
  symbol,
}: {
  bars: readonly Bar[];
  markersMs: readonly number[];
  symbol: string;
}) {
  const shown = useMemo(() => bars.slice(-250), [bars]);
  const data = useMemo<uPlot.AlignedData>(
    () => [shown.map((b) => b.time), shown.map((b) => b.close), markerSeries(shown, markersMs)],
    [shown, markersMs],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      series: [
        {},
        { label: symbol, stroke: '#0b6bcb', width: 1.5 },
        {
          label: 'Trade',
          stroke: '#e07b00',
          fill: '#e07b00',
          width: 0,
          points: { show: true, size: 10 },
          paths: () => null,
        },
      ],
      axes: [{}, { size: 56 }],
    }),
    [symbol],
  );
  return (
    <UPlotChart options={options} data={data} height={PRICE_CHART_HEIGHT} label={`${symbol} price chart`} />
  );
}

export function ProfileChart({
  profile,
  size,
  dimmed,
}: {
  profile: PLProfile;
  size: number;
  dimmed: boolean;
}) {
  const scale = OPTION_MULTIPLIER * size;
  const data = useMemo<uPlot.AlignedData>(
    () => [
      [...profile.prices],
      profile.atHorizon.map((pl) => pl * scale),
      (profile.atDates[0]?.pl ?? profile.atHorizon).map((pl) => pl * scale),
      profile.prices.map(() => 0),
    ],
    [profile, scale],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false } },
      legend: { show: true },
      series: [
        { label: 'Price' },
        { label: 'At expiration', stroke: '#0b6bcb', width: 2 },
        { label: 'Today', stroke: '#1a8f3c', width: 1.5, dash: [6, 4] },
        { label: '', stroke: '#999', width: 1, points: { show: false } },
      ],
      axes: [{}, { size: 64 }],
    }),
    [],
  );
  return (
    <div className={dimmed ? 'profile-chart dimmed' : 'profile-chart'} aria-disabled={dimmed || undefined}>
      <h3>PL Profile</h3>
      <UPlotChart options={options} data={data} height={PROFILE_HEIGHT} label="PL Profile" />
    </div>
  );
}
