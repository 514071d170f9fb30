export type LegalSection = 'terms' | 'privacy';

export const LEGAL_TITLES: Record<LegalSection, string> = {
  terms: 'Términos y condiciones',
  privacy: 'Política de privacidad',
};

/** The privacy page's section with the rights request form (objection, blocking…), which every link to it targets. */
export const RIGHTS_REQUEST_ANCHOR = 'solicitud-datos';
