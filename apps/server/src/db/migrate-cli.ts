import { loadEnv } from '../config/env.ts';
import { openDatabaseForCli } from '../cli/open-database.ts';

const env = loadEnv();
const database = await openDatabaseForCli(env, 'migrate');
await database.close();
console.log(`Migraciones aplicadas (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite en ${env.DATA_DIR}`}).`);
