// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173, proxies /api).
import { spawn } from 'node:child_process';

const children = [
  ['api', ['run', 'dev', '-w', '@etiqueta/server']],
  ['web', ['run', 'dev', '-w', '@etiqueta/web']],
].map(([name, args]) => {
  const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stopAll();
  });
  return child;
});

function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = 0;
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
