import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled server as operators run it: `node apps/server/dist/server.js`, no TypeScript. */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const serverDir = path.join(repoRoot, 'apps/server');
export const compiledServer = path.join(serverDir, 'dist/server.js');

/**
 * Builds the domain package and the server when stale (`npm start`'s check; scripts/test.mjs has
 * built them already, and the build's lock keeps concurrent suites from building at once).
 */
export function buildCompiled(): string {
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'scripts/build.mjs'), '--if-stale', 'domain', 'server'],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The environment of a production start: none of the test runner's or a TypeScript runner's. */
export function productionEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(NODE_OPTIONS|VITEST.*|TSX_.*|DATABASE_URL|PUBLIC_URL|API_BASE_URL|npm_.*)$/.test(key)) {
      clean[key] = value;
    }
  }
  return {
    ...clean,
    NODE_ENV: 'production',
    ALLOW_SANDBOX_PAYMENTS: 'true',
    LOG_LEVEL: 'info',
    RATE_LIMITS: 'off',
    ...env,
  };
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc (Linux; clock ticks of
 * 10 ms): unlike the time on the clock, it hardly changes when other work shares the machine.
 */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export interface CompiledServer {
  child: ChildProcess;
  base: string;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  healthyAfterMs: number;
  /** CPU time the server had used by then. */
  cpuMsWhenHealthy?: number;
  /** One line for the test's output: both figures. */
  startup: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

const running = new Set<() => Promise<number | null>>();

/** Stops every server a test started and left running (a failed assertion skips its stop). */
export async function stopAllCompiled() {
  await Promise.all([...running].map((stop) => stop()));
}

/** Spawns `node dist/server.js` (PORT=0 unless given) and waits for its first healthy answer. */
export async function startCompiled(env: Record<string, string>): Promise<CompiledServer> {
  const started = performance.now();
  const child = spawn(process.execPath, [compiledServer], {
    cwd: serverDir,
    env: productionEnv({ PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    running.delete(stop);
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  };
  running.add(stop);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy within 60 s:\n${output}`);
    }
    // PORT=0: the server logs the port it chose once it listens.
    const port = env.PORT && env.PORT !== '0' ? env.PORT : output.match(/\(port (\d+),/)?.[1];
    if (port) {
      const base = `http://localhost:${port}`;
      const res = await fetch(`${base}/api/health`).catch(() => undefined);
      if (res?.status === 200) {
        const healthyAfterMs = Math.round(performance.now() - started);
        const cpuMsWhenHealthy = cpuMs(child.pid!);
        return {
          child,
          base,
          healthyAfterMs,
          cpuMsWhenHealthy,
          startup: `healthy ${healthyAfterMs} ms after spawn, ${cpuMsWhenHealthy ?? '?'} ms of CPU (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
          output: () => output,
          stop,
        };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs an npm script of the root package (as an operator types it, from `cwd`); exit code and
 * output.
 */
export async function runNpm(
  args: string[],
  env: Record<string, string>,
  cwd = repoRoot,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['--prefix', repoRoot, 'run', '--silent', ...args], {
    cwd,
    env: productionEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, output };
}
