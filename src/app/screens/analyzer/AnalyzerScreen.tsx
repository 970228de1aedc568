import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function AnalyzerScreen() {
  return <ScreenTitle title="Analyzer" />;
}
