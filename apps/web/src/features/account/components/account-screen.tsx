import { apiPaths, type AccountData } from '@etiqueta/contracts';
import { Download, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonStack } from '@/components/ui/skeleton';
import { useConfirm } from '@/components/ui/use-confirm';
import { APP_NAME } from '@/config/brand';

import { useDeleteAccount } from '../api/delete-account';
import { useAccount } from '../api/get-account';
import { AccountDetails } from './account-details';

type AccountScreenProps = {
  /** Runs once the account is erased: the caller forgets the session and leaves the screen. */
  onErased: () => void;
  /** The form for rights a person must act on (objection, blocking…), for this person: composed by the route. */
  rightsRequest: (
    person: Pick<NonNullable<AccountData['profile']>, 'firstName' | 'lastName' | 'email'>,
  ) => ReactNode;
  /** The id of that form's section, which the introduction links to. */
  rightsRequestAnchor: string;
};

/**
 * Mi cuenta (Ley 21.719 arts. 5–9): every piece of personal data we hold, what for and for how long; the name
 * corrected; all of it downloaded as JSON; the account erased after a confirmation.
 */
export const AccountScreen = ({ onErased, rightsRequest, rightsRequestAnchor }: AccountScreenProps) => {
  const account = useAccount();
  const confirm = useConfirm();
  const erase = useDeleteAccount({ onSuccess: onErased });

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 md:py-12">
      <title>{`Mi cuenta · ${APP_NAME}`}</title>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">Mi cuenta</h1>
        <p className="text-stone-700">
          Estos son todos los datos personales que guardamos sobre ti, para qué y por cuánto tiempo. Puedes
          corregir tu nombre, descargarlos o eliminar tu cuenta. Para oponerte a un uso o pedir que lo
          pausemos (bloqueo), usa el{' '}
          <a
            href={`#${rightsRequestAnchor}`}
            className="font-medium text-brand-800 underline underline-offset-2"
          >
            formulario de solicitudes
          </a>
          . Más detalles en la{' '}
          <Link to="/privacidad" className="font-medium text-brand-800 underline underline-offset-2">
            política de privacidad
          </Link>
          .
        </p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        {/* A plain link downloads it: the server answers with Content-Disposition: attachment. */}
        <a href={apiPaths.account.export} download className={buttonClassName({ size: 'lg' })}>
          <Download aria-hidden="true" className="size-5" />
          Descargar mis datos (JSON)
        </a>
        <Button variant="danger" size="lg" onClick={() => confirm.ask(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          Eliminar mi cuenta
        </Button>
      </div>

      <QueryView
        query={account}
        errorText="No pudimos cargar tus datos"
        skeleton={<SkeletonStack count={3} height="h-32" gap="space-y-4" label="Cargando tus datos" />}
      >
        {(data) => (
          <>
            <AccountDetails data={data} />
            {data.profile ? (
              <section
                id={rightsRequestAnchor}
                aria-labelledby={`${rightsRequestAnchor}-title`}
                className="scroll-mt-20 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
              >
                <h2 id={`${rightsRequestAnchor}-title`} className="text-lg font-bold text-stone-900">
                  Solicitudes sobre tus datos
                </h2>
                <p className="text-sm text-stone-700">
                  Para oponerte a un uso de tus datos, pedir que lo pausemos o corregir otro dato. Te
                  respondemos a {data.profile.email} en 2 días hábiles.
                </p>
                {rightsRequest(data.profile)}
              </section>
            ) : null}
          </>
        )}
      </QueryView>

      <ConfirmDialog
        confirm={confirm}
        title="¿Eliminar tu cuenta?"
        description={
          <>
            Borraremos tu cuenta, tu inscripción, tus mensajes, tus reportes, tu historial y tus sesiones, y
            se cerrará tu sesión en todos tus dispositivos. No se puede deshacer. Tu cupo beta queda libre
            para otra persona.
          </>
        }
        confirmLabel={erase.isPending ? 'Eliminando...' : 'Eliminar definitivamente'}
        pending={erase.isPending}
        error={erase.error}
        onConfirm={() => erase.mutate()}
      />
    </div>
  );
};
