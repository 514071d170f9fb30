import { CompareToggle } from '@/components/food/compare-toggle';
import { HistoryScreen } from '@/features/history/components/history-screen';

/** /historial: the member's history (issue 16), each entry with the toggle that picks it for comparing. */
export const HistoryRoute = () => (
  <HistoryScreen renderEntryActions={(entry) => <CompareToggle product={entry.product} variant="compact" />} />
);
