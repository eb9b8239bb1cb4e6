import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, dataDirHolder, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const since = '2026-11-23T10:00:00.000Z';
/** A pid that no process has any more. */
const endedPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('the DATA_DIR lock', () => {
  it('is taken, named, refused to a second holder while held, and released', () => {
    const dir = freshDir();
    const release = lockDataDir(dir, 'backup');
    const held = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, role: 'backup' });
    release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while another live process holds it, naming it', () => {
    const dir = freshDir();
    // The test runner's parent process: alive, and not this one.
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, role: 'server', since }),
    );
    expect(dataDirHolder(dir)?.pid).toBe(process.ppid);
    expect(() => lockDataDir(dir, 'restore')).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir, 'restore')).toThrow(
      `The CareCode server is running on DATA_DIR ${dir} (pid ${process.ppid}, since ${since}).`,
    );
  });

  it('takes over a lock whose holder has ended, or whose pid now names another process', () => {
    for (const stale of [
      { pid: endedPid(), role: 'server', since },
      // The pid lives, but started at another time: reused after a crash or a container restart.
      { pid: process.ppid, role: 'server', since, startTime: '1' },
      // Half written by a start that died.
      '{"pid":',
    ]) {
      const dir = freshDir();
      writeFileSync(
        path.join(dir, LOCK_FILE),
        typeof stale === 'string' ? stale : JSON.stringify(stale),
      );
      expect(dataDirHolder(dir)).toBeUndefined();
      const release = lockDataDir(dir, 'server');
      expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
      release();
    }
  });
});
