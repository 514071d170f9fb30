// Admin accounts from the command line: `npm run admin -- create EMAIL [--role admin|influencer]`.
// The password is asked for (hidden on a terminal) or read from standard input when piped. While the server holds
// the PGlite folder, the account is created through it (its control socket, ADR 010).
import readline from 'node:readline';
import { emailField, roleSchema } from '@etiqueta/contracts';
import { loadEnv } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';
import { createAdminRepository } from '../modules/admin/admin.repository.ts';
import { createAdminService, MIN_STAFF_PASSWORD } from '../modules/admin/admin.service.ts';
import { createSessionRepository } from '../modules/auth/session.repository.ts';
import { openDatabaseOrServer } from './open-database.ts';

function usage(): never {
  console.error('Uso: npm run admin -- create EMAIL [--role admin|influencer]');
  process.exit(2);
}

async function askPassword(prompt: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  if (process.stdin.isTTY) {
    // Hide what is typed: echo nothing but the prompt.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(prompt)) process.stdout.write(prompt);
    };
  }
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  if (process.stdin.isTTY) process.stdout.write('\n');
  return answer.trim();
}

const [command, rawEmail, ...rest] = process.argv.slice(2);
if (command !== 'create' || !rawEmail) usage();
const roleFlag = rest.indexOf('--role');
const role = roleSchema.parse(roleFlag >= 0 ? rest[roleFlag + 1] : 'admin');
if (role === 'user') usage();
const email = emailField.safeParse(rawEmail);
if (!email.success) {
  console.error('Debes ingresar un email válido');
  process.exit(2);
}

// The database first: when the server holds it, ask the server (its control socket) or say why not, before
// asking for anything.
const env = loadEnv();
const target = await openDatabaseOrServer(env, 'admin');
const fail = async (message: string): Promise<never> => {
  console.error(message);
  await target.database?.close();
  process.exit(2);
};
const password = await askPassword('Contraseña: ');
if (password.length < MIN_STAFF_PASSWORD) await fail(`La contraseña debe tener al menos ${MIN_STAFF_PASSWORD} caracteres.`);
if (process.stdin.isTTY && (await askPassword('Repite la contraseña: ')) !== password) {
  await fail('Las contraseñas no coinciden.');
}

const account = { email: email.data, role, password };
if (target.server) {
  const reply = await target.server({ command: 'set-staff', ...account });
  if (!reply.ok) await fail(reply.message);
  console.log(`${reply.message} (a través del servidor en ejecución)`);
} else {
  try {
    const user = await createAdminService(createAdminRepository(target.database.db, createSessionRepository(target.database.db))).setStaffAccount(account, 'cli');
    console.log(`Cuenta ${user.role} lista: ${user.email}`);
  } catch (err) {
    await fail(err instanceof AppError ? err.message : String(err));
  } finally {
    await target.database.close();
  }
}
