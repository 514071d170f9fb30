import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@etiqueta/contracts';
import { UNKNOWN_PRODUCT_INPUT, withCheckDigit } from '@etiqueta/domain';
import type { Db } from '../src/db/client.ts';
import { categories, products, sub2categories, subcategories, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { computeProductFields, type AnalysisInput } from '../src/modules/products/product-analysis.ts';
import { sessionCookie, testMailbox } from './helpers.ts';

export const ADMIN_PASSWORD = 'clave-admin-segura-123';

/** A user with the given role; admins and influencers get a password, as the CLI would create them. */
export async function createUser(db: Db, email: string, role: Role = 'user', accessStatus = 'beta') {
  const passwordHash = role === 'user' ? null : await hashPassword(ADMIN_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({ email, role, accessStatus, passwordHash, firstName: 'Ana', lastName: 'Pérez' })
    .returning();
  return row!;
}

/**
 * Signs in through the real endpoints — the code is asked for, read from the test mailbox (a real SMTP
 * server) and sent back — and returns the cookie header for later requests.
 */
export async function login(app: FastifyInstance, email: string, password?: string): Promise<string> {
  const asked = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
  if (asked.statusCode !== 200) throw new Error(`login failed: ${asked.statusCode} ${asked.body}`);
  const code = (await testMailbox()).lastCode(email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, code, ...(password ? { password } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export async function signedInAs(app: FastifyInstance, db: Db, email: string, role: Role = 'user') {
  await createUser(db, email, role);
  return login(app, email, role === 'user' ? undefined : ADMIN_PASSWORD);
}

/** The people a contributions test needs, signed in (their cookie headers): an admin, a shopper and someone else. */
export async function signedInCast(app: FastifyInstance, db: Db) {
  return {
    admin: await signedInAs(app, db, 'admin@example.cl', 'admin'),
    shopper: await signedInAs(app, db, 'ana@example.cl', 'user'),
    other: await signedInAs(app, db, 'otro@example.cl', 'user'),
  };
}

/** A solid product's analysis input with nothing on its label: tests spread it and set only what they need. */
export const BLANK_LABEL = {
  ...UNKNOWN_PRODUCT_INPUT,
  name: '',
  brand: '',
  isWater: false,
  isRedMeat: false,
  isLiquid: false,
  carbohydratesG100: null,
} satisfies AnalysisInput;

export type SeedProduct = {
  barcode: string;
  name: string;
  brand?: string;
  ingredients?: string | null;
  totalSugarsG100?: number | null;
  sub2?: string;
};

/** A small catalogue: desayuno → leches → (Cereales, Leche), analysed like an import would. */
export async function seedCatalogue(app: FastifyInstance, items: SeedProduct[]) {
  const db = app.deps.database.db;
  const [cat] = await db.insert(categories).values({ name: 'Desayuno', slug: 'desayuno', icon: 'coffee' }).returning();
  const [empty] = await db.insert(categories).values({ name: 'Bebidas', slug: 'bebidas', icon: 'cup-soda' }).returning();
  const [sub] = await db.insert(subcategories).values({ categoryId: cat!.id, name: 'Leches', slug: 'leches' }).returning();
  const sub2Rows = await db
    .insert(sub2categories)
    .values([
      { subcategoryId: sub!.id, name: 'Cereales', slug: 'cereales' },
      { subcategoryId: sub!.id, name: 'Leche', slug: 'leche' },
    ])
    .returning();
  const matcher = await app.services.matcher.get();
  const inserted: (typeof products.$inferSelect)[] = [];
  await app.services.catalogue.write(async (tx, changed) => {
  for (const item of items) {
    const sub2 = sub2Rows.find((s) => s.name === (item.sub2 ?? 'Leche'))!;
    const base = {
      ...BLANK_LABEL,
      barcode: item.barcode,
      name: item.name,
      brand: item.brand ?? 'Marca',
      ingredients: item.ingredients ?? 'leche entera, azúcar',
      energyKcal100: 120,
      totalFatG100: 3,
      saturatedFatG100: 2,
      totalSugarsG100: item.totalSugarsG100 === undefined ? 5 : item.totalSugarsG100,
      fiberG100: 0,
      proteinG100: 3,
      sodiumMg100: 50,
    };
    const computed = computeProductFields(base, matcher, ['Desayuno', 'Leches', sub2.name]);
    const [row] = await tx
      .insert(products)
      .values({ ...base, ...computed, categoryId: cat!.id, subcategoryId: sub!.id, sub2categoryId: sub2.id, source: 'test' })
      .returning();
    inserted.push(row!);
  }
  await tx.update(categories).set({ productCount: items.length }).where(eq(categories.id, cat!.id));
  await tx.update(subcategories).set({ productCount: items.length }).where(eq(subcategories.id, sub!.id));
  changed.products(inserted.map((p) => p.id));
  changed.categories();
  });
  return { category: cat!, emptyCategory: empty!, subcategory: sub!, sub2: sub2Rows, products: inserted };
}

/** A catalogue of one product (seeded as {@link seedCatalogue} does): its id. */
export async function seedOneProduct(app: FastifyInstance, item: SeedProduct): Promise<number> {
  const { products: [product] } = await seedCatalogue(app, [item]);
  return product!.id;
}

/** An EAN-13 from its first 12 digits: the GS1 check digit appended. */
export const ean13 = (first12: string) => withCheckDigit(first12);

/** A plain JPEG of one colour (800 × 600 unless told): a photo as far as the server's checks go. */
export const jpeg = (colour: string, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

export type UploadedFile = { field: string; data: Buffer; type?: string; name?: string };

/** A multipart body as a browser's FormData would send it. */
export async function multipart(fields: Record<string, string>, files: UploadedFile[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type ?? 'image/jpeg' }), f.name ?? 'foto.jpg');
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}
