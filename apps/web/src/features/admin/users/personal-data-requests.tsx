import { personalDataRequest } from '@etiqueta/contracts';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldDescriptionIds, FormField, inputClassName } from '@/components/ui/form-field';
import { useConfirm } from '@/components/ui/use-confirm';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useErasePersonalData, useExportPersonalData } from './api/personal-data-requests';

/** Hands the export to the admin as a file, named by date (not by the person's email). */
const saveJson = (data: unknown) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `datos-personales-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  URL.revokeObjectURL(url);
};

/**
 * A person who cannot sign in (on the waiting list, revoked, or without access to their mailbox) asks through
 * the contact form to see or erase their data; the admin serves it here by email. Both are audited.
 */
export const PersonalDataRequests = ({ currentUserEmail }: { currentUserEmail: string }) => {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const erasing = useConfirm<string>();
  const exporter = useExportPersonalData();
  const eraser = useErasePersonalData();

  /** The email as the server will take it, or null with the reason shown. */
  const valid = (): string | null => {
    const parsed = personalDataRequest.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Debes ingresar un email válido');
      return null;
    }
    setError(undefined);
    return parsed.data.email;
  };
  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err), variant: 'destructive' });

  return (
    <div className="space-y-3 rounded-xl p-4 ring-1 ring-stone-200">
      <p className="text-sm text-stone-700">
        Para atender a alguien que pidió sus datos o su eliminación por el formulario de contacto y no puede
        iniciar sesión. Verifica primero que el mensaje venga de ese email. Queda registrado.
      </p>
      <form
        noValidate
        aria-label="Solicitud de datos personales"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <FormField id={id} label="Email de la persona" error={error} className="flex-1">
          <input
            id={id}
            type="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescriptionIds(id, error)}
            className={inputClassName(Boolean(error))}
          />
        </FormField>
        <Button
          variant="secondary"
          disabled={exporter.isPending}
          onClick={() => {
            const target = valid();
            if (!target) return;
            exporter.mutate(
              { email: target },
              {
                onSuccess: (data) => {
                  saveJson(data);
                  toast({ title: 'Datos exportados', description: target });
                },
                onError: failed('No se pudieron exportar los datos'),
              },
            );
          }}
        >
          <Download aria-hidden="true" className="size-4" />
          Exportar sus datos
        </Button>
        <Button
          variant="ghost"
          className="text-red-800 hover:bg-red-50"
          onClick={() => {
            const target = valid();
            if (!target) return;
            if (target === currentUserEmail) {
              setError('Para eliminar tu propia cuenta usa Mi cuenta');
              return;
            }
            erasing.ask(target);
          }}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Eliminar sus datos
        </Button>
      </form>
      <ConfirmDialog
        confirm={erasing}
        title="¿Eliminar todos sus datos?"
        description={`Se borrarán la cuenta, la inscripción, los mensajes, los reportes y las sesiones de ${erasing.subject ?? ''}. No se puede deshacer.`}
        confirmLabel="Eliminar definitivamente"
        pending={eraser.isPending}
        onConfirm={(target) => {
          eraser.mutate(
            { email: target },
            {
              onSuccess: () => {
                toast({ title: 'Datos eliminados', description: target });
                erasing.close();
                setEmail('');
              },
              onError: failed('No se pudieron eliminar los datos'),
            },
          );
        }}
      />
    </div>
  );
};
