/** The panel's charts, loaded on first use: uPlot stays out of the panel's own chunk. */
import { lazy } from 'react';

const charts = () => import('./AnalyzeCharts.tsx');
export const AnalyzeProfileChart = lazy(() => charts().then((m) => ({ default: m.AnalyzeProfileChart })));
export const AnalyzePriceChart = lazy(() => charts().then((m) => ({ default: m.AnalyzePriceChart })));
export const AnalyzeSkewChart = lazy(() => charts().then((m) => ({ default: m.AnalyzeSkewChart })));
export const AnalyzeIvHvChart = lazy(() => charts().then((m) => ({ default: m.AnalyzeIvHvChart })));
