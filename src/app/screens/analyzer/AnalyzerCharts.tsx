/**
 * The analyzer's charts, one lazy chunk with uPlot (through the order editor's chart component):
 * - the price chart: daily closes, then the days up to the date D with the view's levels, the
 *   ±1 implied-move cone from the last close to D, and D marked;
 * - a card's P/L chart: the trade's P/L at D or at expiration over the underlying's price, with
 *   the view's region shaded.
 */
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Bar } from '#api/market.ts';
import type { ScenarioCurve } from '#api/scenario.ts';
import { UPlotChart } from '#app/screens/order/charts/UPlotChart.tsx';
import type { PriceView } from '#domain/scenario/behaviors.ts';
import { type ChartLevels, futureTimes, historyBars, regionSpans } from './chart-model.ts';

const PRICE_HEIGHT = 260;
const PL_HEIGHT = 180;
const LEVEL_COLOUR = '#e07b00';
const MOVE_COLOUR = '#8e44ad';
const REGION_FILL = 'rgba(26, 143, 60, 0.12)';

/** A vertical line at x (seconds) across the plot. */
function verticalLine(u: uPlot, x: number, colour: string) {
  const left = u.valToPos(x, 'x', true);
  const { ctx } = u;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1.5 * devicePixelRatio;
  ctx.beginPath();
  ctx.moveTo(left, u.bbox.top);
  ctx.lineTo(left, u.bbox.top + u.bbox.height);
  ctx.stroke();
  ctx.restore();
}

export function ScenarioPriceChart({
  bars,
  symbol,
  levels,
}: {
  bars: readonly Bar[];
  symbol: string;
  levels: ChartLevels;
}) {
  const shown = useMemo(
    () => bars.slice(-historyBars(bars.at(-1)?.time ?? null, levels.dateTime)),
    [bars, levels.dateTime],
  );
  const data = useMemo<uPlot.AlignedData>(() => {
    const last = shown.at(-1);
    const future = last && levels.dateTime !== null ? futureTimes(last.time, levels.dateTime) : [];
    const times = [...shown.map((b) => b.time), ...future];
    const history = shown.length;
    const flat = (price: number | null) => times.map(() => price);
    // The cone opens at the last close and reaches ±1 implied move at D.
    const cone = (k: 1 | -1) =>
      times.map((t, i) => {
        if (!last || levels.move === null || levels.dateTime === null || i < history - 1) return null;
        const share = Math.sqrt(Math.max(0, t - last.time) / Math.max(1, levels.dateTime - last.time));
        return last.close * (1 + k * levels.move * share);
      });
    return [
      times,
      [...shown.map((b) => b.close), ...future.map(() => null)],
      flat(levels.prices[0] ?? null),
      flat(levels.prices[1] ?? null),
      cone(1),
      cone(-1),
    ];
  }, [shown, levels]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      legend: { show: false },
      series: [
        {},
        { label: symbol, stroke: '#0b6bcb', width: 1.5 },
        { label: 'Level', stroke: LEVEL_COLOUR, width: 1.5, points: { show: false } },
        { label: 'Upper level', stroke: LEVEL_COLOUR, width: 1.5, points: { show: false } },
        { label: '+1 implied move', stroke: MOVE_COLOUR, width: 1, dash: [6, 4], points: { show: false } },
        { label: '−1 implied move', stroke: MOVE_COLOUR, width: 1, dash: [6, 4], points: { show: false } },
      ],
      axes: [{}, { size: 56 }],
      hooks: {
        draw: [
          (u: uPlot) => {
            if (levels.dateTime !== null) verticalLine(u, levels.dateTime, '#555');
          },
        ],
      },
    }),
    [symbol, levels.dateTime],
  );
  return (
    <UPlotChart
      options={options}
      data={data}
      height={PRICE_HEIGHT}
      label={`${symbol} price chart with the view`}
    />
  );
}

export function PlChart({ curve, view, label }: { curve: ScenarioCurve; view: PriceView; label: string }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [[...curve.prices], [...curve.pl], curve.prices.map(() => 0)],
    [curve],
  );
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      scales: { x: { time: false } },
      legend: { show: false },
      series: [
        { label: 'Price' },
        { label, stroke: '#0b6bcb', width: 2, points: { show: false } },
        { label: '', stroke: '#999', width: 1, points: { show: false } },
      ],
      axes: [{}, { size: 60 }],
      hooks: {
        // The view's region behind the curve.
        drawClear: [
          (u: uPlot) => {
            const xs = u.scales.x;
            if (xs?.min === undefined || xs.max === undefined) return;
            const { ctx } = u;
            ctx.save();
            ctx.fillStyle = REGION_FILL;
            for (const [a, b] of regionSpans(view, xs.min, xs.max)) {
              const left = u.valToPos(a, 'x', true);
              const right = u.valToPos(b, 'x', true);
              ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
            }
            ctx.restore();
          },
        ],
      },
    }),
    [view, label],
  );
  return <UPlotChart options={options} data={data} height={PL_HEIGHT} label={label} />;
}
