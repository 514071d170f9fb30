import {
  accountNamePatch,
  apiPaths,
  PERSONAL_DATA_KINDS,
  type AccountData,
  type AccountNamePatch,
  type PersonalDataKind,
} from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { Button, buttonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { APP_NAME } from '@/config/brand';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';
import { formatDateTime } from '@/lib/format';

import { useDeleteAccount } from '../api/delete-account';
import { useAccount } from '../api/get-account';
import { useUpdateAccountName } from '../api/update-account-name';
import { Alert } from '@/components/ui/alert';

const CONTRIBUTION_STATUS = {
  pending: 'en revisión',
  approved: 'aprobado',
  rejected: 'rechazado',
  refused: 'no recibido',
} as const;

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

const ROLE_LABELS = { user: 'Usuario beta', influencer: 'Influencer', admin: 'Administrador' } as const;

/** One kind of data: what it is, why we keep it, for how long, and the rows themselves. */
const DataSection = ({
  kind,
  count,
  children,
}: {
  kind: PersonalDataKind;
  count: number;
  children: ReactNode;
}) => {
  const about = PERSONAL_DATA_KINDS[kind];
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {about.label} <span className="text-sm font-medium text-stone-600">({count})</span>
      </h2>
      <dl className="mt-1 space-y-0.5 text-sm text-stone-600">
        <div>
          <dt className="inline font-medium text-stone-700">Para qué: </dt>
          <dd className="inline">{about.purpose}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-stone-700">Cuánto tiempo: </dt>
          <dd className="inline">{about.retention}</dd>
        </div>
      </dl>
      <div className="mt-3 text-sm text-stone-800">
        {count === 0 ? <p className="text-stone-600">No guardamos nada de esto sobre ti.</p> : children}
      </div>
    </section>
  );
};

const Rows = ({ children }: { children: ReactNode }) => (
  <ul className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-100">{children}</ul>
);
const Row = ({ children }: { children: ReactNode }) => (
  <li className="space-y-0.5 p-3 break-words">{children}</li>
);

type NameInput = z.input<typeof accountNamePatch>;

const NameForm = ({ profile }: { profile: NonNullable<AccountData['profile']> }) => {
  const ids = { firstName: useId(), lastName: useId() };
  const update = useUpdateAccountName();
  const form = useForm<NameInput, unknown, AccountNamePatch>({
    resolver: zodResolver(accountNamePatch),
    values: { firstName: profile.firstName, lastName: profile.lastName },
  });
  const { errors } = form.formState;
  const field = (name: keyof NameInput, id: string) => controlProps(form, name, id);
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
      <FormField id={ids.firstName} label="Nombre" error={errors.firstName?.message}>
        <input type="text" autoComplete="given-name" {...field('firstName', ids.firstName)} />
      </FormField>
      <FormField id={ids.lastName} label="Apellido" error={errors.lastName?.message}>
        <input type="text" autoComplete="family-name" {...field('lastName', ids.lastName)} />
      </FormField>
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

const AccountDetails = ({ data }: { data: AccountData }) => (
  <div className="space-y-4">
    <DataSection kind="profile" count={data.profile ? 1 : 0}>
      {data.profile ? (
        <div className="space-y-3">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium text-stone-700">Email</dt>
            <dd className="break-all">{data.profile.email}</dd>
            <dt className="font-medium text-stone-700">Rol</dt>
            <dd>{ROLE_LABELS[data.profile.role]}</dd>
            <dt className="font-medium text-stone-700">Cuenta creada</dt>
            <dd>{when(data.profile.createdAt)}</dd>
          </dl>
          <NameForm profile={data.profile} />
        </div>
      ) : null}
    </DataSection>
    <DataSection kind="signups" count={data.signups.length}>
      <Rows>
        {data.signups.map((s) => (
          <Row key={s.createdAt}>
            <p className="font-medium">
              {s.kind === 'beta' ? 'Programa beta' : 'Lista de espera'}: {s.firstName} {s.lastName} ·{' '}
              {s.email}
            </p>
            <p>
              Instagram: {s.instagramHandle || '—'} · Cómo nos conociste: {s.referralSource || '—'}
            </p>
            {s.ageBand ? (
              <p>
                Edad:{' '}
                {s.ageBand === '16-o-mas'
                  ? '16 años o más'
                  : 'menor de 16 años, con autorización de tu madre, padre o representante legal'}
              </p>
            ) : null}
            <p className="text-stone-600">Inscripción: {when(s.createdAt)}</p>
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="sessions" count={data.sessions.length}>
      <Rows>
        {data.sessions.map((s) => (
          <Row key={s.createdAt}>
            Iniciada {when(s.createdAt)} · vence {when(s.expiresAt)}
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="loginCodes" count={data.loginCodes.length}>
      <Rows>
        {data.loginCodes.map((c) => (
          <Row key={c.createdAt}>
            Enviado {when(c.createdAt)} ·{' '}
            {c.consumedAt ? `usado ${when(c.consumedAt)}` : `vence ${when(c.expiresAt)}`}
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="history" count={data.history.length}>
      <p className="mb-2 text-stone-600">
        {data.profile?.historyEnabled === false ? 'Desactivado: no guardamos lo que abres. ' : ''}
        Aquí van los más recientes; todos, y cómo borrarlos o desactivar el historial, en{' '}
        <Link to="/historial" className="font-medium text-brand-800 underline underline-offset-2">
          Historial
        </Link>
        .
      </p>
      <Rows>
        {data.history.slice(0, 5).map((h) => (
          <Row key={`${h.productId}-${h.viewedAt}`}>
            {when(h.viewedAt)} · {h.via === 'scan' ? 'escaneado' : 'abierto'} · {h.productName}
            {h.brand ? ` (${h.brand})` : ''}
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="contactMessages" count={data.contactMessages.length}>
      <Rows>
        {data.contactMessages.map((m) => (
          <Row key={m.createdAt}>
            <p className="text-stone-600">{when(m.createdAt)}</p>
            <p className="whitespace-pre-line">{m.message}</p>
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="errorReports" count={data.errorReports.length}>
      <Rows>
        {data.errorReports.map((r) => (
          <Row key={r.createdAt}>
            <p className="text-stone-600">
              {when(r.createdAt)} · {r.productName || 'Sin producto'}
            </p>
            <p>{r.description || r.errorType}</p>
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="contributions" count={data.contributions.length}>
      <Rows>
        {data.contributions.map((c) => (
          <Row key={c.id}>
            <p className="text-stone-600">
              {when(c.createdAt)} · código {c.barcode}
            </p>
            <p>
              {c.name || 'Sin nombre'} · {CONTRIBUTION_STATUS[c.status]}
              {c.rejectReason ? `: ${c.rejectReason}` : ''}
            </p>
            {c.status === 'pending' && (
              <Link
                to={`/contribute/sent/${c.id}`}
                className="font-medium text-brand-800 underline underline-offset-2"
              >
                Ver mi envío
              </Link>
            )}
          </Row>
        ))}
      </Rows>
    </DataSection>
    <DataSection kind="auditEntries" count={data.auditEntries.length}>
      <Rows>
        {data.auditEntries.map((a, i) => (
          <Row key={`${a.createdAt}-${i}`}>
            {when(a.createdAt)} · {a.action}
          </Row>
        ))}
      </Rows>
    </DataSection>
  </div>
);

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
  const { data, isPending, isError, error } = useAccount();
  const [confirming, setConfirming] = useState(false);
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
        <Button variant="danger" size="lg" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          Eliminar mi cuenta
        </Button>
      </div>

      {isError ? (
        <Alert>
          No pudimos cargar tus datos: {errorMessage(error)}
        </Alert>
      ) : isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Cargando tus datos">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : (
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

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!open) setConfirming(false);
        }}
        title="¿Eliminar tu cuenta?"
        description={
          <>
            Borraremos tu cuenta, tu inscripción, tus mensajes, tus reportes, tu historial y tus sesiones, y
            se cerrará tu sesión en todos tus dispositivos. No se puede deshacer. Tu cupo beta queda libre
            para otra persona.
            {erase.error ? (
              <Alert as="span" variant="inline" className="mt-2 block">
                {errorMessage(erase.error)}
              </Alert>
            ) : null}
          </>
        }
        confirmLabel={erase.isPending ? 'Eliminando...' : 'Eliminar definitivamente'}
        pending={erase.isPending}
        onConfirm={() => erase.mutate()}
      />
    </div>
  );
};
