/**
 * A uPlot chart sized to its container's width. Loaded only inside the order editor's lazy
 * chart chunk, so uPlot never reaches the entry chunk.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useDarkPalette } from '#app/theme/use-dark-palette.ts';

/** uPlot draws its axes in near-black on the canvas: on the dark palette, light ones. */
const DARK_AXIS: uPlot.Axis = {
  stroke: '#d0d0d0',
  grid: { stroke: 'rgba(255, 255, 255, 0.12)', width: 1 },
  ticks: { stroke: 'rgba(255, 255, 255, 0.25)', width: 1 },
};

export function UPlotChart({
  options,
  data,
  height,
  label,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkPalette();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const axes = dark ? (options.axes ?? [{}, {}]).map((axis) => ({ ...DARK_AXIS, ...axis })) : options.axes;
    const chart = new uPlot({ ...options, axes, width: Math.max(200, el.clientWidth), height }, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data, height, dark]);
  return <div ref={box} className="uplot-box" role="img" aria-label={label} style={{ minHeight: height }} />;
}
