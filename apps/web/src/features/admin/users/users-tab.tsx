import type { AdminSignup, AdminUser } from '@etiqueta/contracts';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClassName } from '@/components/ui/form-field';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonStack } from '@/components/ui/skeleton';
import { useConfirm } from '@/components/ui/use-confirm';
import { toast } from '@/lib/toast-store';

import { useSignups } from './api/get-signups';
import { useUsers } from './api/get-users';
import { usePromoteSignup } from './api/promote-signup';
import { useUpdateUser } from './api/update-user';
import { PersonalDataRequests } from './personal-data-requests';
import { errorMessage } from '@/lib/error-message';
import { HeaderCell } from '@/components/ui/table-cells';
import { formatDate } from '@/lib/format';
import { AdminEmpty, AdminSection } from '../shared/admin-section';
import { AdminTable } from '../shared/admin-table';

const ROLE_LABELS: Record<AdminUser['role'], string> = {
  user: 'Usuario beta',
  influencer: 'Influencer',
  admin: 'Administrador',
};
const ROLES = Object.keys(ROLE_LABELS) as AdminUser['role'][];

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || 'Sin nombre';

const tableSkeleton = <SkeletonStack count={4} height="h-10" gap="space-y-2" />;

const Members = ({ currentUserEmail }: { currentUserEmail: string }) => (
  <QueryView query={useUsers()} errorText="Error cargando usuarios" skeleton={tableSkeleton}>
    {(users) => <MembersTable users={users} currentUserEmail={currentUserEmail} />}
  </QueryView>
);

const MembersTable = ({ users, currentUserEmail }: { users: AdminUser[]; currentUserEmail: string }) => {
  const revoking = useConfirm<AdminUser>();
  const update = useUpdateUser();
  const onError = (err: unknown) =>
    toast({ title: 'Error al actualizar usuario', description: errorMessage(err), variant: 'destructive' });

  if (users.length === 0)
    return <AdminEmpty>Todavía no hay miembros.</AdminEmpty>;

  return (
    <>
      <AdminTable
        caption="Miembros de la beta"
        minWidth="min-w-[44rem]"
        head={
          <>
            <HeaderCell>Persona</HeaderCell>
            <HeaderCell>Desde</HeaderCell>
            <HeaderCell>Rol</HeaderCell>
            <HeaderCell>Acceso</HeaderCell>
            <HeaderCell actions />
          </>
        }
      >
        {users.map((user) => {
          // The server refuses an admin's own lock-out; the screen does not offer it.
          const self = user.email === currentUserEmail;
          return (
            <tr key={user.id} className="align-middle">
              <td className="px-3 py-2">
                <span className="font-medium text-stone-900">
                  {fullName(user)}
                  {self ? <span className="font-normal text-stone-600"> (tú)</span> : null}
                </span>
                <span className="block text-stone-600">{user.email}</span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-stone-700">{formatDate(user.createdAt)}</td>
              <td className="px-3 py-2">
                <label htmlFor={`role-${user.id}`} className="sr-only">
                  Rol de {user.email}
                </label>
                <select
                  id={`role-${user.id}`}
                  value={user.role}
                  disabled={update.isPending || self}
                  className={`${inputClassName()} py-1`}
                  onChange={(event) => {
                    const role = event.target.value as AdminUser['role'];
                    update.mutate(
                      { id: user.id, change: { role } },
                      {
                        onSuccess: () =>
                          toast({
                            title: 'Rol actualizado',
                            description: `${user.email}: ${ROLE_LABELS[role]}`,
                          }),
                        onError,
                      },
                    );
                  }}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </td>
              <td className="px-3 py-2">
                {user.accessStatus === 'beta' ? (
                  <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">
                    Con acceso
                  </span>
                ) : (
                  <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
                    Acceso revocado
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-right">
                {self ? null : user.accessStatus === 'beta' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-800 hover:bg-red-50"
                    aria-label={`Revocar acceso de ${user.email}`}
                    onClick={() => revoking.ask(user)}
                  >
                    Revocar acceso
                  </Button>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Restaurar acceso de ${user.email}`}
                    disabled={update.isPending}
                    onClick={() =>
                      update.mutate(
                        { id: user.id, change: { accessStatus: 'beta' } },
                        {
                          onSuccess: () => toast({ title: 'Acceso restaurado', description: user.email }),
                          onError,
                        },
                      )
                    }
                  >
                    Restaurar acceso
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <ConfirmDialog
        confirm={revoking}
        title="¿Revocar acceso?"
        description={
          revoking.subject
            ? `${revoking.subject.email} ya no podrá entrar a la beta. Puedes restaurar su acceso después.`
            : ''
        }
        confirmLabel="Revocar acceso"
        pending={update.isPending}
        onConfirm={(user) => {
          update.mutate(
            { id: user.id, change: { accessStatus: 'revoked' } },
            {
              onSuccess: () => {
                toast({ title: 'Acceso revocado', description: user.email });
                revoking.close();
              },
              onError,
            },
          );
        }}
      />
    </>
  );
};

const Waitlist = () => (
  <QueryView query={useSignups()} errorText="Error cargando la lista de espera" skeleton={tableSkeleton}>
    {(signups) => <WaitlistTable signups={signups} />}
  </QueryView>
);

const WaitlistTable = ({ signups }: { signups: AdminSignup[] }) => {
  const promote = usePromoteSignup();

  const waiting = signups.filter(
    (signup: AdminSignup) => signup.kind === 'waitlist' && signup.promotedAt === null,
  );
  if (waiting.length === 0)
    return <AdminEmpty>Nadie espera en la lista.</AdminEmpty>;

  return (
    <AdminTable
      caption="Lista de espera"
      minWidth="min-w-[40rem]"
      head={
        <>
          <HeaderCell>Persona</HeaderCell>
          <HeaderCell>Instagram</HeaderCell>
          <HeaderCell>Desde</HeaderCell>
          <HeaderCell actions />
        </>
      }
    >
      {waiting.map((signup) => (
        <tr key={signup.id}>
          <td className="px-3 py-2">
            <span className="font-medium text-stone-900">{fullName(signup)}</span>
            <span className="block text-stone-600">{signup.email}</span>
          </td>
          <td className="px-3 py-2 text-stone-700">{signup.instagramHandle || '—'}</td>
          <td className="px-3 py-2 whitespace-nowrap text-stone-700">{formatDate(signup.createdAt)}</td>
          <td className="px-3 py-2 text-right">
            <Button
              size="sm"
              aria-label={`Dar acceso a la beta a ${signup.email}`}
              disabled={promote.isPending}
              onClick={() =>
                promote.mutate(signup.id, {
                  onSuccess: (result) =>
                    toast({ title: 'Acceso a la beta concedido', description: result.message }),
                  onError: (err) =>
                    toast({
                      title: 'Error al dar acceso',
                      description: errorMessage(err),
                      variant: 'destructive',
                    }),
                })
              }
            >
              Dar acceso a la beta
            </Button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
};

/** Beyond the spec, to run the beta: who is in, who waits, who may administer. */
export const UsersTab = ({ currentUserEmail }: { currentUserEmail: string }) => (
  <div className="space-y-8">
    <AdminSection title="Miembros">
      <Members currentUserEmail={currentUserEmail} />
    </AdminSection>
    <AdminSection title="Lista de espera">
      <Waitlist />
    </AdminSection>
    <AdminSection title="Solicitudes de datos personales">
      <PersonalDataRequests currentUserEmail={currentUserEmail} />
    </AdminSection>
  </div>
);
