/** The contribution form's two names: for a code we lack, and for a product we have that misses something. */
export const CONTRIBUTE_TITLE = 'Agregar este producto';
export const COMPLETE_TITLE = 'Completar este producto';
