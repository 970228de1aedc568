import { useParams } from '@tanstack/react-router';
import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function ScanScreen() {
  const { scanId, symbol } = useParams({ strict: false }) as { scanId?: string; symbol?: string };
  return <ScreenTitle title={scanId ? `Scan ${scanId}${symbol ? ` · ${symbol}` : ''}` : 'New Scan'} />;
}
