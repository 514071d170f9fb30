/** The scanner dialog's words (spec §2 "Barcode scan dialog"), shared by its steps. */
export const SCANNER_TITLE = 'Escanear código de barras';
export const SCANNER_HINT = 'Apunta la cámara hacia el código de barras del producto';
export const STARTING_CAMERA_TEXT = 'Iniciando cámara...';
export const RETRY_TEXT = 'Intentar de nuevo';
export const LOOKING_UP_TEXT = 'Buscando en Open Food Facts…';
export const NOT_FOUND_TITLE = 'No encontramos este producto';
export const ADD_PRODUCT_TEXT = 'Agregar este producto';
export const SCAN_ANOTHER_TEXT = 'Escanear otro código';
export const QUEUED_TITLE = 'Sin conexión: guardamos el código';
export const IN_REVIEW_TITLE = 'Ya nos enviaste este producto';
export const SEE_SENT_TEXT = 'Ver mi envío';
export const TYPED_CODE_LABEL = '¿No puedes escanear? Escribe el código';
