import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function AnalyzerScreen() {
  return <ScreenTitle title="Analyzer" />;
}
