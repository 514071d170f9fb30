import { HistoryScreen } from '@/features/history/components/history-screen';

/** /historial: the member's history (issue 16). Each entry leaves room for actions other features add here. */
export const HistoryRoute = () => <HistoryScreen />;
