// Admin accounts from the command line: `npm run admin -- create EMAIL [--role admin|influencer]`.
// The password is asked for (hidden on a terminal) or read from standard input when piped.
import readline from 'node:readline';
import { emailField, roleSchema } from '@etiqueta/contracts';
import { loadEnv } from '../config/env.ts';
import { openDatabaseForCli } from './open-database.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';

const MIN_PASSWORD = 10;

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

// The database first: when the server holds it, say so before asking for anything.
const env = loadEnv();
const database = await openDatabaseForCli(env, 'admin');
const refuse = async (message: string) => {
  console.error(message);
  await database.close();
  process.exit(2);
};
const password = await askPassword('Contraseña: ');
if (password.length < MIN_PASSWORD) await refuse(`La contraseña debe tener al menos ${MIN_PASSWORD} caracteres.`);
if (process.stdin.isTTY && (await askPassword('Repite la contraseña: ')) !== password) {
  await refuse('Las contraseñas no coinciden.');
}

try {
  const passwordHash = await hashPassword(password);
  await database.db
    .insert(users)
    .values({ email: email.data, role, passwordHash, accessStatus: 'beta' })
    .onConflictDoUpdate({ target: users.email, set: { role, passwordHash, accessStatus: 'beta', updatedAt: new Date() } });
  console.log(`Cuenta ${role} lista: ${email.data}`);
} finally {
  await database.close();
}
