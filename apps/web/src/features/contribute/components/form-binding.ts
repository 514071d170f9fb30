/** How the contribution form hands one of its fields to the parts that draw it. */
import type { ReadableField } from '@etiqueta/contracts';
import type { ReactNode } from 'react';

import type { FieldName } from '../known-product';

/** An input's value, change handler and the check note it is described by, if any. */
export type FieldBinding = (name: FieldName) => {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-describedby': string | undefined;
};

/** The part of the photo a field was read from, if any. */
export type CropOf = (name: ReadableField, label: string) => ReactNode;
