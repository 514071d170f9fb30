/** A product's address holds its numeric id; anything else ("/product/abc") is no page of ours: the 404 screen. */
export const isProductId = (id: string) => /^\d{1,12}$/.test(id);
