import { Camera } from 'lucide-react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

import { COMPLETE_TITLE } from '../titles';

/** "Completar este producto": the contribution form for this code, in its completing mode. */
export const CompleteProductLink = ({ barcode }: { barcode: string }) => (
  <Link to={`/contribute/${barcode}?completar=1`} className={buttonClassName({ size: 'sm' })}>
    <Camera aria-hidden="true" className="size-4" />
    {COMPLETE_TITLE}
  </Link>
);
