import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';

/*
 * The form (react-hook-form, zod and the contracts) is its own chunk, fetched when the shopper reaches for the
 * button (hover, focus or press), so the product page itself loads none of it on a slow connection.
 */
const loadFormDialog = () => import('./error-report-form-dialog');
const ErrorReportFormDialog = lazy(() =>
  loadFormDialog().then((m) => ({ default: m.ErrorReportFormDialog })),
);

type ErrorReportDialogProps = {
  productId: number;
  productName: string;
};

/** The small 'Reportar un error' button and, once pressed, its dialog. */
export const ErrorReportDialog = ({ productId, productName }: ErrorReportDialogProps) => {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const prefetch = () => void loadFormDialog();

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        data-testid="report-error-button"
      >
        <Flag aria-hidden="true" className="size-4" />
        Reportar un error
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <ErrorReportFormDialog
            open={open}
            onOpenChange={setOpen}
            productId={productId}
            productName={productName}
          />
        </Suspense>
      ) : null}
    </>
  );
};
