import { ContactScreen } from '@/features/contact/components/contact-screen';

export const ContactRoute = () => <ContactScreen />;
