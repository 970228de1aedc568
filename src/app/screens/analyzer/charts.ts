/** The analyzer's charts, loaded on first use: uPlot stays out of the screen's own chunk. */
import { lazy } from 'react';

const charts = () => import('./AnalyzerCharts.tsx');
export const ScenarioPriceChart = lazy(() => charts().then((m) => ({ default: m.ScenarioPriceChart })));
export const PlChart = lazy(() => charts().then((m) => ({ default: m.PlChart })));
