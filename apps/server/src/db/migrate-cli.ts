import { loadEnv } from '../config/env.ts';
import { connectDatabase } from './client.ts';

const env = loadEnv();
const database = await connectDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.close();
console.log(`Migraciones aplicadas (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite en ${env.DATA_DIR}`}).`);
