import { Page } from '@/components/layouts/page';

export const ContactRoute = () => <Page title="¿Quieres unirte?" />;
