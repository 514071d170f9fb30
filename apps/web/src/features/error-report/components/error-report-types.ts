import { errorReportTypes } from '@etiqueta/contracts';

export type ErrorReportType = (typeof errorReportTypes)[number];

/** Spanish names for the contract's error types, in the contract's order. */
export const ERROR_REPORT_TYPE_LABELS: Record<ErrorReportType, string> = {
  'puntaje-incorrecto': 'Puntaje incorrecto',
  'aditivos-incorrectos': 'Aditivos incorrectos',
  'informacion-nutricional': 'Información nutricional incorrecta',
  'imagen-incorrecta': 'Imagen incorrecta',
  'producto-incorrecto': 'Producto incorrecto (nombre o marca)',
  alergenos: 'Alérgenos',
  otros: 'Otros',
};

export const ERROR_REPORT_TYPE_OPTIONS = errorReportTypes.map((value) => ({
  value,
  label: ERROR_REPORT_TYPE_LABELS[value],
}));
