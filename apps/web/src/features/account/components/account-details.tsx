/** Every kind of personal data we hold on the member, each with what it is for, how long it is kept, and its rows. */
import { PERSONAL_DATA_KINDS, type AccountData, type PersonalDataKind } from '@etiqueta/contracts';
import { type Key, type ReactNode, useId } from 'react';
import { Link } from 'react-router';

import { formatDateTime } from '@/lib/format';

import { NameForm } from './name-form';

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

type DataRowsProps<T> = {
  kind: PersonalDataKind;
  items: readonly T[];
  rowKey: (item: T, index: number) => Key;
  /** Show only the first few (the heading still counts them all). */
  limit?: number;
  /** A line above the rows. */
  intro?: ReactNode;
  children: (item: T) => ReactNode;
};

/** A kind of data held as a list: its section, counted, with one row per item. */
const DataRows = <T,>({ kind, items, rowKey, limit, intro, children }: DataRowsProps<T>) => (
  <DataSection kind={kind} count={items.length}>
    {intro}
    <ul className="divide-y divide-stone-100 rounded-xl ring-1 ring-stone-100">
      {items.slice(0, limit).map((item, index) => (
        <li key={rowKey(item, index)} className="space-y-0.5 p-3 break-words">
          {children(item)}
        </li>
      ))}
    </ul>
  </DataSection>
);

export const AccountDetails = ({ data }: { data: AccountData }) => (
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
    <DataRows kind="signups" items={data.signups} rowKey={(s) => s.createdAt}>
      {(s) => (
        <>
          <p className="font-medium">
            {s.kind === 'beta' ? 'Programa beta' : 'Lista de espera'}: {s.firstName} {s.lastName} · {s.email}
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
        </>
      )}
    </DataRows>
    <DataRows kind="sessions" items={data.sessions} rowKey={(s) => s.createdAt}>
      {(s) => (
        <>
          Iniciada {when(s.createdAt)} · vence {when(s.expiresAt)}
        </>
      )}
    </DataRows>
    <DataRows kind="loginCodes" items={data.loginCodes} rowKey={(c) => c.createdAt}>
      {(c) => (
        <>
          Enviado {when(c.createdAt)} ·{' '}
          {c.consumedAt ? `usado ${when(c.consumedAt)}` : `vence ${when(c.expiresAt)}`}
        </>
      )}
    </DataRows>
    <DataRows
      kind="history"
      items={data.history}
      rowKey={(h) => `${h.productId}-${h.viewedAt}`}
      limit={5}
      intro={
        <p className="mb-2 text-stone-600">
          {data.profile?.historyEnabled === false ? 'Desactivado: no guardamos lo que abres. ' : ''}
          Aquí van los más recientes; todos, y cómo borrarlos o desactivar el historial, en{' '}
          <Link to="/historial" className="font-medium text-brand-800 underline underline-offset-2">
            Historial
          </Link>
          .
        </p>
      }
    >
      {(h) => (
        <>
          {when(h.viewedAt)} · {h.via === 'scan' ? 'escaneado' : 'abierto'} · {h.productName}
          {h.brand ? ` (${h.brand})` : ''}
        </>
      )}
    </DataRows>
    <DataRows kind="contactMessages" items={data.contactMessages} rowKey={(m) => m.createdAt}>
      {(m) => (
        <>
          <p className="text-stone-600">{when(m.createdAt)}</p>
          <p className="whitespace-pre-line">{m.message}</p>
        </>
      )}
    </DataRows>
    <DataRows kind="errorReports" items={data.errorReports} rowKey={(r) => r.createdAt}>
      {(r) => (
        <>
          <p className="text-stone-600">
            {when(r.createdAt)} · {r.productName || 'Sin producto'}
          </p>
          <p>{r.description || r.errorType}</p>
        </>
      )}
    </DataRows>
    <DataRows kind="contributions" items={data.contributions} rowKey={(c) => c.id}>
      {(c) => (
        <>
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
        </>
      )}
    </DataRows>
    <DataRows kind="auditEntries" items={data.auditEntries} rowKey={(a, i) => `${a.createdAt}-${i}`}>
      {(a) => (
        <>
          {when(a.createdAt)} · {a.action}
        </>
      )}
    </DataRows>
  </div>
);
