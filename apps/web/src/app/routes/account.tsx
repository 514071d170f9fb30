import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { AccountScreen } from '@/features/account/components/account-screen';
import { RightsRequestForm } from '@/features/contact/components/rights-request-form';
import { RIGHTS_REQUEST_ANCHOR } from '@/features/legal/components/legal-titles';
import { forgetSession } from '@/lib/query-client';
import { toast } from '@/lib/toast-store';

/**
 * /cuenta: Mi cuenta, with the rights request form for the person signed in. Erasing the account ends the session
 * here too, and the visitor lands on /login.
 */
export const AccountRoute = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <AccountScreen
      rightsRequest={(person) => <RightsRequestForm known={person} />}
      rightsRequestAnchor={RIGHTS_REQUEST_ANCHOR}
      onErased={() => {
        forgetSession(queryClient);
        toast({ title: 'Cuenta eliminada', description: 'Borramos tu cuenta y tus datos personales.' });
        void navigate('/login', { replace: true });
      }}
    />
  );
};
