// Texts made storable before they are written: what PostgreSQL text and jsonb cannot hold is dropped.

/** Control characters (NUL included; tab and line breaks kept) and unpaired surrogates: no database stores them. */
const UNSTORABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A text we store, without what PostgreSQL text and jsonb cannot hold. Only the texts we keep (name, brand,
 * ingredients, image addresses) go through it: the rest of a record is never written.
 */
export const storable = (text: string) => text.replace(UNSTORABLE, '');
