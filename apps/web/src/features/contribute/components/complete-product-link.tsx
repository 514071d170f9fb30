import { Camera } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

import { COMPLETE_TITLE } from '../titles';

/** "Completar este producto": the contribution form for this code, started from what we have of the product. */
export const CompleteProductLink = ({ barcode, productId }: { barcode: string; productId: number }) => (
  <Link to={`/contribute/${barcode}?completar=1&producto=${productId}`} className={buttonClassName({ size: 'sm' })}>
    <Camera aria-hidden="true" className="size-4" />
    {COMPLETE_TITLE}
  </Link>
);
