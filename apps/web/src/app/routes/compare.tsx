import { CompareScreen } from '@/features/product/components/compare-screen';

/** /comparar?ids=…: products side by side (issue 16, "Comparar"). */
export const CompareRoute = () => <CompareScreen />;
