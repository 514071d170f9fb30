/** Mi cuenta's one correction made in place: the member's first and last name (Ley 21.719 art. 6). */
import { accountNamePatch, type AccountData, type AccountNamePatch } from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Button } from '@/components/ui/button';
import { NameFields } from '@/components/ui/name-fields';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useUpdateAccountName } from '../api/update-account-name';

type NameInput = z.input<typeof accountNamePatch>;

export const NameForm = ({ profile }: { profile: NonNullable<AccountData['profile']> }) => {
  const update = useUpdateAccountName();
  const form = useForm<NameInput, unknown, AccountNamePatch>({
    resolver: zodResolver(accountNamePatch),
    values: { firstName: profile.firstName, lastName: profile.lastName },
  });
  const submit = form.handleSubmit((name) =>
    update.mutate(name, {
      onSuccess: () => toast({ title: 'Nombre actualizado' }),
      onError: (err) =>
        toast({
          title: 'No pudimos guardar tu nombre',
          description: errorMessage(err),
          variant: 'destructive',
        }),
    }),
  );
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Corregir mi nombre"
      className="grid gap-3 sm:grid-cols-2"
    >
      <NameFields form={form} />
      <Button
        type="submit"
        variant="secondary"
        disabled={update.isPending}
        className="sm:col-span-2 sm:justify-self-start"
      >
        {update.isPending ? 'Guardando...' : 'Guardar nombre'}
      </Button>
    </form>
  );
};
