import type { SignupResponse } from '@etiqueta/contracts';
import { CircleCheck, RefreshCw, Users } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';

import { Button, buttonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import { useCreateSignup } from '../api/create-signup';
import { remainingPlacesText } from './beta-places';
import { useSignupStatus } from '../api/get-signup-status';
import { SignupForm } from './signup-form';

export const SIGN_IN_LABEL = 'Iniciar sesión';

/** Held, never shown (spec §3): `?ref=` or `?utm_source=` on the address the visitor arrived with. */
const readReferralSource = (search: string) => {
  const params = new URLSearchParams(search);
  return params.get('ref') ?? params.get('utm_source') ?? undefined;
};

/**
 * Spec §4, §8: the beta sign-up with its three states (loading, form, success). While places are open
 * it posts to the beta list, otherwise to the waiting list.
 */
export const SignupSection = () => {
  const status = useSignupStatus();
  const signup = useCreateSignup();
  const [success, setSuccess] = useState<SignupResponse | null>(null);
  // Remount the form after "Registrar otro usuario" so it starts empty.
  const [formKey, setFormKey] = useState(0);
  const { search } = useLocation();
  const [referralSource] = useState(() => readReferralSource(search));

  if (status.isPending) return <Spinner label="Cargando cupos..." className="py-10" />;

  if (success !== null) {
    return (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded-2xl bg-white p-5 ring-1 ring-brand-200"
      >
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
          <div>
            <p className="text-lg font-semibold text-stone-900">¡Registro exitoso!</p>
            <p className="mt-1 text-stone-700">{success.message}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The beta place is had by signing in with the mailed code: the way there, right under the message. A
              place on the waiting list cannot sign in yet. */}
          {success.kind !== 'waitlist' ? (
            <Link to="/login" className={buttonClassName()}>
              {SIGN_IN_LABEL}
            </Link>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => {
              setSuccess(null);
              setFormKey((key) => key + 1);
              signup.reset();
            }}
          >
            Registrar otro usuario
          </Button>
        </div>
      </div>
    );
  }

  if (status.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-5 ring-1 ring-stone-200">
        <p className="text-stone-800">
          No pudimos cargar los cupos disponibles. {errorMessage(status.error)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void status.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Intentar de nuevo
        </Button>
      </div>
    );
  }

  const { isOpen, remainingSpots, isWaitlistEnabled } = status.data;
  if (!isOpen && !isWaitlistEnabled) {
    return (
      <p className="rounded-2xl bg-white p-5 text-stone-800 ring-1 ring-stone-200">
        Los cupos Beta están completos y la lista de espera está cerrada por ahora. Vuelve pronto.
      </p>
    );
  }

  const list = isOpen ? 'beta' : 'waitlist';
  return (
    <div className="space-y-4">
      <p
        className={`flex items-center gap-2 text-sm font-semibold ${isOpen ? 'text-brand-800' : 'text-amber-800'}`}
        data-testid="signup-availability"
      >
        <Users aria-hidden="true" className="size-4" />
        {isOpen
          ? remainingPlacesText(remainingSpots)
          : 'Los cupos Beta están completos: déjanos tus datos y te avisamos cuando se abra un espacio.'}
      </p>
      <SignupForm
        key={formKey}
        submitLabel={isOpen ? 'Quiero mi cupo Beta' : 'Unirme a la lista de espera'}
        pending={signup.isPending}
        referralSource={referralSource}
        onMissingFields={() =>
          toast({
            title: 'Campos requeridos',
            description: 'Por favor completa todos los campos obligatorios',
          })
        }
        onValidSubmit={(body) =>
          signup.mutate(
            { list, body },
            {
              onSuccess: (response) => {
                toast({ title: '¡Registro exitoso!', description: response.message });
                setSuccess(response);
              },
              onError: (error) =>
                toast({
                  title: 'Error en el registro',
                  description: errorMessage(error) || 'Ocurrió un error inesperado',
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </div>
  );
};
