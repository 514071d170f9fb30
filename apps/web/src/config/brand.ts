/** Names and outside links the UI shows. Kept here so a rename touches one file. */
export const APP_NAME = 'Etiqueta Clara';

/** The yoga community the product is presented as a project of (spec §1). */
export const PARTNER_NAME = 'Comunidad de yoga';

/** Open Food Facts attribution required by the ODbL for the product data. */
export const OPEN_FOOD_FACTS_ATTRIBUTION =
  'Datos de productos: © los colaboradores de Open Food Facts (https://world.openfoodfacts.org), bajo la Open Database License (ODbL).';
export const OPEN_FOOD_FACTS_URL = 'https://world.openfoodfacts.org';

/**
 * The community's external chat (spec §1, §4: the banner's join button, the contact page, the product page).
 * Set VITE_COMMUNITY_CHAT_URL at build time to the real invitation; the default is a placeholder.
 */
export const COMMUNITY_CHAT_URL: string =
  (import.meta.env.VITE_COMMUNITY_CHAT_URL as string | undefined) ?? 'https://chat.whatsapp.com/';
