import { useParams } from 'react-router';

import { ContributeScreen } from '@/features/contribute/components/contribute-screen';

/** /contribute/{barcode}: "Agregar este producto", signed-in shoppers only (it sits behind the access gate). */
export const ContributeRoute = () => <ContributeScreen barcode={useParams().barcode ?? ''} />;
