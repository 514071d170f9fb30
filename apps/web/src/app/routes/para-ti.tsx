import { ParaTiScreen } from '@/features/preferences/components/para-ti-screen';

/** /para-ti: what this person avoids, kept on this phone (issue 28). Open to everyone, signed in or not. */
export const ParaTiRoute = () => <ParaTiScreen />;
