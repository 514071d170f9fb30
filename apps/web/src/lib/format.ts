/** Numbers as a Chilean reads them: a dot between thousands (1.235), a decimal comma (2,5). */
export const formatCount = (n: number): string => n.toLocaleString('es-CL');

/** "1 producto", "1.235 productos": the count written the Chilean way, the noun agreeing with it. */
export const countOf = (n: number, one: string, many: string): string =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** "1 producto", "1.235 productos". */
export const productCount = (n: number): string => countOf(n, 'producto', 'productos');
