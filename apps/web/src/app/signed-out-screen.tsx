import { useMatch } from 'react-router';

import { LoginScreen } from '@/features/auth/components/login-screen';
import { SharedProductHint } from '@/features/product/components/shared-product-hint';

// Only the check, not the product route's module: the login's chunk stays small.
import { isProductId } from './routes/product-id';

/**
 * What a signed-out visitor sees at a members' address (spec §2: the login, at the same address, so signing in
 * shows the page asked for). At a shared product's address, one line above it says what was shared.
 */
export const SignedOutScreen = () => {
  const product = useMatch('/product/:id');
  const id = product?.params.id ?? '';
  return <LoginScreen onSignedIn="stay" notice={isProductId(id) ? <SharedProductHint productId={id} /> : null} />;
};
