/**
 * The Analyze panel's charts, one lazy chunk with uPlot (through the order editor's chart
 * components, so uPlot never reaches the entry chunk):
 * - the P/L profile: the order editor's 'PL Profile' for one unit of the trade;
 * - the price chart: daily closes with the trade's breakevens as P/L marks (profit on one side,
 *   loss on the other), opening on the window `priceWindow` gives;
 * - the options chart: implied volatility by strike per expiration of the trade (the skew);
 * - IV vs HV: the daily constant-maturity IV of the form's delta and days against the realised
 *   volatility of the closes over the same window, both in percent.
 */
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Bar, IvRvRow } from '#api/market.ts';
import { ProfileChart } from '#app/screens/order/charts/OrderCharts.tsx';
import { UPlotChart } from '#app/screens/order/charts/UPlotChart.tsx';
import { formatNumber } from '#domain/columns/number-format.ts';
import type { PLProfile } from '#domain/metrics/pl-profile.ts';
import { priceWindow, type SkewCurves } from './analyze-model.ts';

const PRICE_HEIGHT = 240;
const SKEW_HEIGHT = 220;
const IV_HV_HEIGHT = 220;
const CURVE_COLOURS = ['#0b6bcb', '#1a8f3c', '#8e44ad', '#c0392b'];

export function AnalyzeProfileChart({ profile }: { profile: PLProfile }) {
  return <ProfileChart profile={profile} size={1} dimmed={false} />;
}

export function AnalyzePriceChart({
  bars,
  breakevens,
  symbol,
}: {
  bars: readonly Bar[];
  breakevens: readonly number[];
  symbol: string;
}) {
  const data = useMemo<uPlot.AlignedData>(
    () => [bars.map((b) => b.time), bars.map((b) => b.close), ...breakevens.map((be) => bars.map(() => be))],
    [bars, breakevens],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const opening = priceWindow(bars.length);
    return {
      legend: { show: true },
      series: [
        {},
        { label: symbol, stroke: '#0b6bcb', width: 1.5 },
        ...breakevens.map((be) => ({
          label: `Breakeven ${formatNumber(be, 2)}`,
          stroke: '#e07b00',
          width: 1,
          dash: [6, 4],
          points: { show: false },
        })),
      ],
      axes: [{}, { size: 56 }],
      hooks: {
        // Opens zoomed in; drag zooms further and a double click shows every bar.
        ready: [
          (u: uPlot) => {
            if (opening === null) return;
            const times = u.data[0];
            u.setScale('x', { min: times[opening[0]] ?? 0, max: times[opening[1]] ?? 0 });
          },
        ],
      },
    };
  }, [bars.length, breakevens, symbol]);
  return <UPlotChart options={options} data={data} height={PRICE_HEIGHT} label={`${symbol} price chart`} />;
}

export function AnalyzeSkewChart({ skew, symbol }: { skew: SkewCurves; symbol: string }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [[...skew.strikes], ...skew.curves.map((c) => c.iv.map((iv) => (iv === null ? null : iv * 100)))],
    [skew],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false } },
      legend: { show: true },
      series: [
        { label: 'Strike' },
        ...skew.curves.map((c, i) => ({
          label: `IV % ${c.expiration}`,
          stroke: CURVE_COLOURS[i % CURVE_COLOURS.length],
          width: 1.5,
          spanGaps: true,
        })),
      ],
      axes: [{}, { size: 48 }],
    }),
    [skew],
  );
  return <UPlotChart options={options} data={data} height={SKEW_HEIGHT} label={`${symbol} options chart`} />;
}

export function AnalyzeIvHvChart({ rows, symbol }: { rows: readonly IvRvRow[]; symbol: string }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      rows.map((r) => r.time),
      rows.map((r) => r.iv * 100),
      rows.map((r) => (r.hv === null ? null : r.hv * 100)),
    ],
    [rows],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: true },
      series: [
        {},
        { label: 'IV %', stroke: '#0b6bcb', width: 1.5 },
        { label: 'HV %', stroke: '#e07b00', width: 1.5 },
      ],
      axes: [{}, { size: 48 }],
    }),
    [],
  );
  return (
    <UPlotChart options={options} data={data} height={IV_HV_HEIGHT} label={`${symbol} IV vs HV chart`} />
  );
}
