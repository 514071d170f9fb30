import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { AccountScreen } from '@/features/account/components/account-screen';
import { forgetSession } from '@/lib/query-client';
import { toast } from '@/lib/toast-store';

/** /cuenta: Mi cuenta. Erasing the account ends the session here too, and the visitor lands on /login. */
export const AccountRoute = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <AccountScreen
      onErased={() => {
        forgetSession(queryClient);
        toast({ title: 'Cuenta eliminada', description: 'Borramos tu cuenta y tus datos personales.' });
        void navigate('/login', { replace: true });
      }}
    />
  );
};
