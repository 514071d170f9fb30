import { LoginScreen } from '@/features/auth/components/login-screen';

export const LoginRoute = () => <LoginScreen />;
