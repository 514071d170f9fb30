import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A local stand-in for Open Food Facts' WRITE API, checking every request against OFF's real format
 * (../shared/data/off-formats: api-write/v2__post-product-auth-good-password.json.metadata, docs tutorial-off-api.md,
 * tutorial-uploading-photo-to-a-product.md, ref-cheatsheet.md, index.md):
 * - POST /cgi/product_jqm2.pl, form-urlencoded or multipart: `user_id`/`password`, `code`, OFF's field names
 *   (`product_name_es`, `brands`, `ingredients_text_es`, `nutrition_data_per`, `nutriment_<id>` each with its
 *   `nutriment_<id>_unit`…), `app_name`/`app_version`/`app_uuid`; answers `{ status: 1, status_verbose: "fields saved" }`.
 * - POST /cgi/product_image_upload.pl, multipart: `code`, `imagefield` (front|ingredients|nutrition|packaging|other,
 *   optionally `_<lc>`), the JPEG in `imgupload_<imagefield>`; answers `{ status: "status ok", imgid }`, or, for a
 *   picture it already has, OFF's `{ status: "status not ok", error: "This picture has already been sent." }`.
 * - A User-Agent `AppName/Version (contact)` on every request.
 * A request that breaks the format is answered 400 and recorded in `violations` (a test asserts there are none).
 * `GET /_stand-in/received` (not OFF's) answers what it received, for the e2e journeys (e2e/trusted.spec.ts).
 * It also plays OFF having a bad moment: `failRate` answers 429 or 503 (with Retry-After) at random, `down`
 * drops every connection.
 */

const PRODUCT_FIELDS = new Set([
  'code', 'user_id', 'password', 'lang', 'lc', 'cc', 'comment', 'app_name', 'app_version', 'app_uuid',
  'product_name', 'product_name_es', 'brands', 'countries', 'add_countries', 'ingredients_text_es', 'nutrition_data_per',
  'quantity', 'serving_size', 'categories', 'labels',
]);
/** OFF nutrient ids (ref-cheatsheet.md, the taxonomy's ids) and the units OFF takes for them. */
const NUTRIENTS: Record<string, string[]> = {
  'energy-kcal': ['kcal'],
  'energy-kj': ['kJ'],
  fat: ['g', 'mg'],
  'saturated-fat': ['g', 'mg'],
  carbohydrates: ['g', 'mg'],
  sugars: ['g', 'mg'],
  fiber: ['g', 'mg'],
  proteins: ['g', 'mg'],
  salt: ['g', 'mg'],
  sodium: ['g', 'mg'],
};
const IMAGE_FIELD = /^(front|ingredients|nutrition|packaging|other)(_[a-z]{2})?$/;
const USER_AGENT = /^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+ \([^()]+\)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type FakeOffWriteOptions = { user: string; password: string; failRate?: number; retryAfterSeconds?: number; seed?: number };

export type ProductWrite = { code: string; fields: Record<string, string>; at: number };
export type ImageWrite = { code: string; imagefield: string; sha256: string; bytes: number; appUuid: string; at: number };

export async function startFakeOffWrite(options: FakeOffWriteOptions, port = 0) {
  const productWrites: ProductWrite[] = [];
  const imageWrites: ImageWrite[] = [];
  const duplicates: { code: string; imagefield: string }[] = [];
  const violations: string[] = [];
  const answered = { ok: 0, tooMany: 0, unavailable: 0, dropped: 0 };
  let down = false;
  let failRate = options.failRate ?? 0;
  const images = new Map<string, number>();
  // A seeded generator (mulberry32, in 32-bit integer arithmetic): the same run answers the same way.
  let seed = (options.seed ?? 1) >>> 0;
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const sockets = new Set<Socket>();

  const refuse = (res: http.ServerResponse, why: string) => {
    violations.push(why);
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 0, status_verbose: why }));
  };

  const server = http.createServer((req, res) => {
    if (down) {
      answered.dropped++;
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch((err: unknown) => refuse(res, `unreadable request: ${String(err)}`));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://off.localhost');
    // Not OFF's: what this stand-in received, for a journey in another process (the e2e suite) to check.
    if (req.method === 'GET' && url.pathname === '/_stand-in/received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ productWrites, imageWrites, duplicates, violations }));
      return;
    }
    if (req.method !== 'POST' || (url.pathname !== '/cgi/product_jqm2.pl' && url.pathname !== '/cgi/product_image_upload.pl')) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
      return;
    }
    if (failRate > 0 && random() < failRate) {
      const tooMany = random() < 0.5;
      if (tooMany) answered.tooMany++;
      else answered.unavailable++;
      res.writeHead(tooMany ? 429 : 503, { 'retry-after': String(options.retryAfterSeconds ?? 1), 'content-type': 'text/html' }).end('<h1>Busy</h1>');
      return;
    }
    const userAgent = req.headers['user-agent'] ?? '';
    if (!USER_AGENT.test(userAgent)) return refuse(res, `User-Agent is not AppName/Version (contact): ${userAgent}`);
    const type = req.headers['content-type'] ?? '';
    const multipart = type.startsWith('multipart/form-data');
    if (!multipart && !type.startsWith('application/x-www-form-urlencoded')) return refuse(res, `content-type ${type}`);
    if (url.pathname === '/cgi/product_image_upload.pl' && !multipart) return refuse(res, 'an image upload must be multipart/form-data');
    // Node's own form parser (undici), as a server framework would read either encoding.
    const form = await new Request('http://off.localhost/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) }).formData();
    const text: Record<string, string> = {};
    const files: Record<string, File> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') text[key] = value;
      else files[key] = value;
    }
    if (text.user_id !== options.user || text.password !== options.password) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 0, status_verbose: 'Incorrect user name or password.' }));
      violations.push('bad credentials');
      return;
    }
    if (!/^\d{8,14}$/.test(text.code ?? '')) return refuse(res, `code ${text.code}`);
    if (!text.app_name || !text.app_version || !UUID.test(text.app_uuid ?? '')) return refuse(res, 'app_name, app_version and app_uuid are asked of apps');
    for (const [key, value] of Object.entries(text)) {
      if (key !== 'user_id' && key !== 'password' && /@/.test(value)) return refuse(res, `${key} looks like an e-mail address: no personal data`);
    }
    const code = text.code!;

    if (url.pathname === '/cgi/product_jqm2.pl') {
      for (const key of Object.keys(text)) {
        const nutrient = /^nutriment_(.+?)(_unit)?$/.exec(key);
        if (nutrient) {
          const [, id = '', isUnit] = nutrient;
          const units = NUTRIENTS[id];
          if (!units) return refuse(res, `unknown nutrient ${id}`);
          if (isUnit ? !units.includes(text[key]!) : !Number.isFinite(Number(text[key]))) return refuse(res, `${key}=${text[key]}`);
          if (!isUnit && text[`${key}_unit`] === undefined) return refuse(res, `${key} without ${key}_unit`);
          continue;
        }
        if (!PRODUCT_FIELDS.has(key)) return refuse(res, `unknown product field ${key}`);
      }
      if (text.nutrition_data_per !== undefined && !['100g', 'serving'].includes(text.nutrition_data_per)) {
        return refuse(res, `nutrition_data_per=${text.nutrition_data_per}`);
      }
      if (Object.keys(files).length > 0) return refuse(res, 'files sent to product_jqm2.pl');
      const { user_id: _u, password: _p, ...fields } = text;
      productWrites.push({ code, fields, at: Date.now() });
      answered.ok++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 1, status_verbose: 'fields saved' }));
      return;
    }

    const imagefield = text.imagefield ?? '';
    if (!IMAGE_FIELD.test(imagefield)) return refuse(res, `imagefield ${imagefield}`);
    const file = files[`imgupload_${imagefield}`];
    if (!file || Object.keys(files).length !== 1) return refuse(res, `the image must be in imgupload_${imagefield}, alone`);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return refuse(res, 'the image is not a JPEG');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const key = `${code}:${sha256}`;
    answered.ok++;
    if (images.has(key)) {
      duplicates.push({ code, imagefield });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'status not ok', error: 'This picture has already been sent.', imagefield, code }));
      return;
    }
    const imgid = images.size + 1;
    images.set(key, imgid);
    imageWrites.push({ code, imagefield, sha256, bytes: bytes.length, appUuid: text.app_uuid!, at: Date.now() });
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ status: 'status ok', imagefield, imgid, image: { imgid, thumb_url: `${imgid}.100.jpg`, crop_url: `${imgid}.400.jpg` } }));
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    productWrites,
    imageWrites,
    duplicates,
    violations,
    answered,
    setDown(value: boolean) {
      down = value;
      if (value) for (const s of sockets) s.destroy();
    },
    setFailRate(value: number) {
      failRate = value;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeOffWrite = Awaited<ReturnType<typeof startFakeOffWrite>>;

/** Our OFF account as the stand-in knows it. */
export const OFF_WRITE_ACCOUNT = { user: 'etiqueta-clara-app', password: 'clave-de-prueba-off' };
