import { EMAIL_NOT_REGISTERED, loginRequest, type LoginRequest } from '@etiqueta/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LogIn, MailCheck, Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';

import { Button, buttonClassName } from '@/components/ui/button';
import { emailInputProps, Field } from '@/components/ui/form-field';
import { APP_NAME } from '@/config/brand';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

import { useAuthStatus } from '../api/get-auth-status';
import { useLogin } from '../api/login';
import { SignedInCard } from './signed-in-card';
import { Alert } from '@/components/ui/alert';

export const LOGIN_TITLE = 'Iniciar sesión';
export const NOT_REGISTERED_MESSAGE = 'Email no registrado en programa Beta, únete a la lista de espera';
export const WAITLIST_ADDRESS = '/#quieres-unirte';

type LoginScreenProps = {
  /**
   * Where a successful sign-in goes: home from /login (spec §4), or nowhere when the screen stands in
   * for a members-only page, which then simply shows itself.
   */
  onSignedIn?: 'go-home' | 'stay';
  /** One line above the title, composed by the app (what a shared link showed). */
  notice?: ReactNode;
};

type LoginInput = z.input<typeof loginRequest>;

/**
 * Spec §2, §4, §5, §8: the beta notice, the email form and the waiting list; then (beyond the spec) the
 * one-time code sent to that email, with the password as well for admin and influencer accounts.
 */
export const LoginScreen = ({ onSignedIn = 'go-home', notice }: LoginScreenProps) => {
  const { data: status } = useAuthStatus();
  const navigate = useNavigate();
  const mutation = useLogin();
  /** The code step starts once the server has mailed a code. */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);

  const form = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    if (codeSentTo) form.setFocus('code');
  }, [codeSentTo, form]);

  const backToEmail = () => {
    setCodeSentTo(null);
    setNeedsPassword(false);
    form.unregister(['code', 'password']);
    form.setValue('password', '');
    mutation.reset();
  };

  const sendCode = async (email: string) => {
    const response = await mutation.mutateAsync({ email });
    setNeedsPassword(response.passwordRequired);
    setCodeSentTo(email);
    form.setValue('code', '');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!codeSentTo) {
        await sendCode(values.email);
        return;
      }
      const body: LoginRequest = {
        email: values.email,
        code: values.code ?? '',
        ...(needsPassword ? { password: values.password ?? '' } : {}),
      };
      const response = await mutation.mutateAsync(body);
      if (response.passwordRequired) {
        setNeedsPassword(true);
        return;
      }
      if (response.authenticated && onSignedIn === 'go-home') await navigate('/');
    } catch {
      // Shown from mutation.error below; the visitor stays on the login screen (spec §4).
    }
  });

  if (status?.authenticated && status.user && !mutation.isPending) {
    return <SignedInCard user={status.user} />;
  }

  const failure = mutation.error ? errorMessage(mutation.error) : null;
  const notRegistered = mutation.error instanceof ApiError && mutation.error.code === EMAIL_NOT_REGISTERED;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 md:py-12">
      <title>{`${LOGIN_TITLE} · ${APP_NAME}`}</title>
      {notice}
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{LOGIN_TITLE}</h1>

      <div className="mt-4 flex gap-3 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-100">
        <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <p>
          <strong className="font-semibold">Acceso Beta.</strong> {APP_NAME} está en etapa de prueba: por
          ahora solo pueden entrar las personas inscritas en el programa Beta, con su email autorizado.
        </p>
      </div>

      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-6 space-y-4"
        aria-label={LOGIN_TITLE}
      >
        <Field
          form={form}
          name="email"
          label="Email"
          labelAside={
            codeSentTo ? (
              <button
                type="button"
                className="text-sm font-medium text-brand-800 underline underline-offset-2"
                onClick={backToEmail}
              >
                Cambiar email
              </button>
            ) : undefined
          }
          {...emailInputProps}
          placeholder="tu@email.cl"
          readOnly={codeSentTo !== null}
        />

        {codeSentTo ? (
          <>
            <p
              className="flex gap-2 rounded-xl bg-stone-50 p-3 text-sm text-stone-800 ring-1 ring-stone-200"
              role="status"
            >
              <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>
                Te enviamos un código a <strong className="font-semibold break-all">{codeSentTo}</strong>.
                Vence en 10 minutos.
              </span>
            </p>
            <Field
              form={form}
              name="code"
              label="Código"
              hint="Los 6 dígitos del correo. Si no llega, revisa la carpeta de spam."
              labelAside={
                <button
                  type="button"
                  className="text-sm font-medium text-brand-800 underline underline-offset-2"
                  disabled={mutation.isPending}
                  onClick={() => void sendCode(codeSentTo).catch(() => undefined)}
                >
                  Enviar otro código
                </button>
              }
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
            />
          </>
        ) : null}

        {codeSentTo && needsPassword ? (
          <Field
            form={form}
            name="password"
            label="Contraseña"
            hint="Tu cuenta tiene contraseña. Ingrésala junto con el código."
            type="password"
            autoComplete="current-password"
          />
        ) : null}

        {failure ? (
          <Alert as="div" compact className="font-medium">
            {notRegistered ? (
              <p>
                {NOT_REGISTERED_MESSAGE}.{' '}
                <Link to={WAITLIST_ADDRESS} className="underline underline-offset-2">
                  Ir a la lista de espera
                </Link>
              </p>
            ) : (
              <p>{failure}</p>
            )}
          </Alert>
        ) : null}

        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {codeSentTo ? (
            <KeyRound aria-hidden="true" className="size-5" />
          ) : (
            <LogIn aria-hidden="true" className="size-5" />
          )}
          {mutation.isPending ? 'Ingresando...' : 'Ingresar'}
        </Button>
      </form>

      <div className="mt-8 border-t border-stone-200 pt-6">
        <p className="text-sm text-stone-700">
          ¿Aún no tienes acceso? Inscríbete y te avisamos cuando haya cupo.
        </p>
        <Link
          to={WAITLIST_ADDRESS}
          className={buttonClassName({ variant: 'secondary', className: 'mt-3 w-full' })}
        >
          Unirme a la lista de espera
        </Link>
      </div>
    </div>
  );
};
