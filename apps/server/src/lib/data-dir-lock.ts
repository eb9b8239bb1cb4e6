import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who uses a DATA_DIR: the server on the embedded database, or a backup or restore. PGlite is one
 * process's database, and its own postmaster.pid names no real process (and outlives a crash), so
 * CareCode keeps a lock file of its own: the holder's pid and, on Linux, its start time (a pid
 * reused by another process after a crash or a container restart does not count as the holder).
 */
export const LOCK_FILE = 'carecode.pid';

export type LockRole = 'server' | 'backup' | 'restore';

interface LockContent {
  pid: number;
  role: LockRole;
  startTime?: string;
  since: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    const who =
      holder.role === 'server'
        ? 'The CareCode server'
        : `A CareCode ${holder.role} (npm run db:${holder.role})`;
    super(`${who} is running on DATA_DIR ${dataDir} (pid ${holder.pid}, since ${holder.since}).`);
  }
}

/** The process's start time in clock ticks since boot (Linux); undefined elsewhere. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(holder: LockContent): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = startTimeOf(holder.pid);
  return !holder.startTime || !startTime || startTime === holder.startTime;
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readLock(file: string, raw = readRaw(file)): LockContent | undefined {
  try {
    const content = JSON.parse(raw ?? '') as LockContent;
    return Number.isInteger(content.pid) ? content : undefined;
  } catch {
    return undefined;
  }
}

/** The live process holding `dataDir`, if any. */
export function dataDirHolder(dataDir: string): LockContent | undefined {
  const holder = readLock(path.join(dataDir, LOCK_FILE));
  return holder && isRunning(holder) ? holder : undefined;
}

/**
 * Takes `dataDir` for this process, or throws DataDirBusyError naming the live holder. A lock
 * left by a process that has ended is taken over. Answers the function that releases it.
 */
export function lockDataDir(dataDir: string, role: LockRole): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockContent = {
    pid: process.pid,
    role,
    startTime: startTimeOf(process.pid),
    since: new Date().toISOString(),
  };
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 5) throw error;
      const seen = readRaw(file);
      const holder = readLock(file, seen);
      if (holder && isRunning(holder)) throw new DataDirBusyError(dataDir, holder);
      // Ended (or half written by a start that died): take it over, unless another process
      // took it over meanwhile.
      if (readRaw(file) === seen) rmSync(file, { force: true });
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}
