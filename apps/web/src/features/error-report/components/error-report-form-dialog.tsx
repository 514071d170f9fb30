import { errorReportRequest, type ErrorReportRequest } from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '@/components/ui/form-actions';
import { Field } from '@/components/ui/form-field';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { toast } from '@/lib/toast-store';

import { useCreateErrorReport } from '../api/create-error-report';
import { ERROR_REPORT_TYPE_OPTIONS } from './error-report-types';

/** The API's own schema: the same limits and the same 'Otros' rule, so the form can never pass what the server refuses. */
type ErrorReportForm = Pick<z.input<typeof errorReportRequest>, 'errorType' | 'description'>;

const EMPTY_FORM = { errorType: 'puntaje-incorrecto', description: '' } satisfies ErrorReportForm;

export type ErrorReportFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: number;
  productName: string;
  /** The type chosen when the dialog opens (the allergen box opens it on 'alergenos'). */
  initialType?: ErrorReportRequest['errorType'];
};

/**
 * The error-report dialog (spec §2, §5, §7, §8). Toasts 'Reporte enviado' on success and 'No se pudo enviar el
 * reporte. Inténtalo de nuevo.' on failure; the form resets whenever the dialog closes.
 */
export const ErrorReportFormDialog = ({
  open,
  onOpenChange,
  productId,
  productName,
  initialType = EMPTY_FORM.errorType,
}: ErrorReportFormDialogProps) => {
  const startForm: ErrorReportForm = { ...EMPTY_FORM, errorType: initialType };
  const form = useForm<ErrorReportForm, unknown, ErrorReportRequest>({
    resolver: zodResolver(errorReportRequest),
    defaultValues: startForm,
  });
  const { handleSubmit, reset } = form;
  const report = useCreateErrorReport();

  const changeOpen = (next: boolean) => {
    if (!next) reset(startForm);
    onOpenChange(next);
  };

  const onSubmit = handleSubmit((values) => {
    report.mutate(
      { errorType: values.errorType, description: values.description.trim(), productId, productName },
      {
        onSuccess: () => {
          toast({
            title: 'Reporte enviado',
            description: 'Gracias por reportar el error. Lo revisaremos pronto.',
          });
          changeOpen(false);
        },
        onError: () => {
          toast({ title: 'No se pudo enviar el reporte. Inténtalo de nuevo.', variant: 'destructive' });
        },
      },
    );
  });

  return (
    <ModalDialog
      open={open}
      onOpenChange={changeOpen}
      title="Reportar un error"
      description={`¿Algo no cuadra en «${productName}»? Cuéntanos y lo revisaremos.`}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <Field form={form} name="errorType" id="error-report-type" label="Tipo de error" as="select">
          {ERROR_REPORT_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Field>
        <Field
          form={form}
          name="description"
          id="error-report-description"
          label="Descripción"
          hint="Obligatoria si eliges 'Otros'."
          as="textarea"
          rows={4}
        />
        <FormActions
          onCancel={() => changeOpen(false)}
          pending={report.isPending}
          submitLabel="Enviar reporte"
          pendingLabel="Enviando..."
        />
      </form>
    </ModalDialog>
  );
};
