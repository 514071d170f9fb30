/**
 * Start-up time and memory of the server as `npm start` runs it, built (ADR 023) against the way it ran before,
 * TypeScript through tsx, in the same run on the same machine, alternating so load on the machine falls on both.
 *
 *   npx tsx bench/server-start.ts [--runs 5] [--port 3243]
 *
 * Each run starts the command `npm run start -w apps/server` runs (`node` with the start script's flags, `dist/main.js`;
 * before: `tsx src/main.ts`) in apps/server with its own process group, on a PGlite folder migrated and seeded
 * by a warm-up start, with `SYNC_ENABLED=false` (no first load from OFF) and the web build if there is one.
 * It measures the time from spawning to the first 200 of /api/health, the resident memory of every process of
 * the group (tsx runs the server in a child of its own CLI) at that moment and 5 s later, the share of the
 * start-up spent before main.ts's first line (loading the code: compiling it, for tsx) — the rest, which
 * main.ts logs as `startupMs` (database, bootstrap, listen), is the same code either way — and /api/health's
 * rate with autocannon (10 connections, 3 s) as a check that serving costs the same either way.
 * The build itself (part of `npm start`) is timed once before the runs.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.ts';
import { numberArg } from './bench-args.ts';
import { median } from './bench-stats.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../apps/server');

const RUNS = numberArg('runs', 5);
const PORT = numberArg('port', 3243);

type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<{
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const WAYS = {
  'tsx (before)': [path.resolve(here, '../node_modules/.bin/tsx'), 'src/main.ts'],
  'built (after)': [process.execPath, ...SERVER_NODE_FLAGS, 'dist/main.js'],
} as const;
type Way = keyof typeof WAYS;

/** Resident memory (MB) of every process in a group, from /proc (Linux). */
function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state, ppid, pgrp, …
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += Number(rss?.[1] ?? 0);
    } catch {
      // The process ended while being read.
    }
  }
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/api/health`)).status === 200;
  } catch {
    return false;
  }
}

async function start(way: Way, dataDir: string) {
  const [command, ...args] = WAYS[way];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SYNC_ENABLED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  while (!(await healthy())) {
    if (child.exitCode !== null) throw new Error(`${way} exited with ${child.exitCode}:\n${stderr}`);
    if (performance.now() - started > 120_000) throw new Error(`${way} not healthy after 120 s:\n${stderr}`);
    await sleep(25);
  }
  const startMs = performance.now() - started;
  // main.ts's own count, from its first line to listening (its "escuchando" line, written just after).
  while (!stdout.includes('"startupMs"') && performance.now() - started < startMs + 5_000) await sleep(10);
  const mainMs = Number(/"startupMs":(\d+)/.exec(stdout)?.[1] ?? NaN);
  return { child, startMs, loadMs: startMs - mainMs, exited };
}

async function stop(server: { child: ChildProcess; exited: Promise<void> }) {
  process.kill(-server.child.pid!, 'SIGTERM');
  await server.exited;
  // The PGlite folder's lock goes with the process; the port with it.
  while (await healthy()) await sleep(50);
}

type Sample = { startMs: number; loadMs: number; rssReady: number; rssSettled: number; reqPerSec: number; p99: number };

async function main() {
  const buildStarted = performance.now();
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: path.resolve(here, '..'), stdio: 'ignore' });
  const buildMs = performance.now() - buildStarted;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ec-bench-start-'));
  const dataDir = path.join(dir, 'db');
  try {
    // Warm-up: migrations and the additive catalogue's seed happen once, then every run starts on the same folder.
    await stop(await start('built (after)', dataDir));
    const samples: Record<Way, Sample[]> = { 'tsx (before)': [], 'built (after)': [] };
    for (let run = 0; run < RUNS; run++) {
      const order: Way[] = run % 2 ? ['built (after)', 'tsx (before)'] : ['tsx (before)', 'built (after)'];
      for (const way of order) {
        const server = await start(way, dataDir);
        const rssReady = groupRssMb(server.child.pid!);
        await sleep(5_000);
        const rssSettled = groupRssMb(server.child.pid!);
        const load = await autocannon({ url: `http://127.0.0.1:${PORT}/api/health`, connections: 10, duration: 3 });
        if (load.non2xx + load.errors > 0) throw new Error(`${way}: ${load.non2xx + load.errors} failed requests`);
        samples[way].push({ startMs: server.startMs, loadMs: server.loadMs, rssReady, rssSettled, reqPerSec: load.requests.average, p99: load.latency.p99 });
        await stop(server);
        console.log(`run ${run + 1} ${way}: ${Math.round(server.startMs)} ms (code loaded in ${Math.round(server.loadMs)} ms), ${rssReady.toFixed(0)} MB → ${rssSettled.toFixed(0)} MB`);
      }
    }

    const row = (way: Way) => {
      const s = samples[way];
      const starts = s.map((x) => x.startMs);
      return {
        start: median(starts),
        load: median(s.map((x) => x.loadMs)),
        min: Math.min(...starts),
        max: Math.max(...starts),
        rssReady: median(s.map((x) => x.rssReady)),
        rssSettled: median(s.map((x) => x.rssSettled)),
        reqPerSec: median(s.map((x) => x.reqPerSec)),
        p99: median(s.map((x) => x.p99)),
      };
    };
    const before = row('tsx (before)');
    const after = row('built (after)');
    console.log(`\nServer start-up, ${RUNS} runs each (medians), load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; build ${Math.round(buildMs)} ms`);
    console.log('| way | to first 200 of /api/health | min–max | of which loading the code | RSS at ready | RSS 5 s later | /api/health req/s | p99 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const [way, r] of [['tsx (before)', before], ['built (after)', after]] as const) {
      console.log(
        `| ${way} | ${Math.round(r.start)} ms | ${Math.round(r.min)}–${Math.round(r.max)} ms | ${Math.round(r.load)} ms | ${r.rssReady.toFixed(0)} MB | ${r.rssSettled.toFixed(0)} MB | ${Math.round(r.reqPerSec)} | ${r.p99} ms |`,
      );
    }
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `| built ÷ tsx | ${ratio(after.start, before.start)} | | ${ratio(after.load, before.load)} | ${ratio(after.rssReady, before.rssReady)} | ${ratio(after.rssSettled, before.rssSettled)} | ${ratio(after.reqPerSec, before.reqPerSec)} | |`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
