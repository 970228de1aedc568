/**
 * A uPlot chart sized to its container's width. Loaded only inside the order editor's lazy
 * chart chunk, so uPlot never reaches the entry chunk.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = new uPlot({ ...options, width: Math.max(200, el.clientWidth), height }, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data, height]);
  return <div ref={box} className="uplot-box" role="img" aria-label={label} style={{ minHeight: height }} />;
}
