import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';

import type { ErrorReportType } from './error-report-types';

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
  /** The type the form opens on, and the button's words (the allergen box: 'alergenos', "Reportar un alérgeno mal indicado"). */
  errorType?: ErrorReportType;
  label?: string;
};

/** The small 'Reportar un error' button and, once pressed, its dialog. */
export const ErrorReportDialog = ({
  productId,
  productName,
  errorType,
  label = 'Reportar un error',
}: ErrorReportDialogProps) => {
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
        data-testid={errorType === 'alergenos' ? 'report-allergen-button' : 'report-error-button'}
      >
        <Flag aria-hidden="true" className="size-4" />
        {label}
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <ErrorReportFormDialog
            open={open}
            onOpenChange={setOpen}
            productId={productId}
            productName={productName}
            initialType={errorType}
          />
        </Suspense>
      ) : null}
    </>
  );
};
