export type LegalSection = 'terms' | 'privacy';

export const LEGAL_TITLES: Record<LegalSection, string> = {
  terms: 'Términos y condiciones',
  privacy: 'Política de privacidad',
};
