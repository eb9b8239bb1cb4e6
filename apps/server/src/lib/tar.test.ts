import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { packTar, TarFormatError, unpackTar, type TarEntry } from './tar.ts';

const collect = async (entries: TarEntry[]) => {
  const blocks: Buffer[] = [];
  for await (const block of packTar(entries)) blocks.push(block);
  return Buffer.concat(blocks);
};

/** Reads an archive fed in awkward pieces (a stream gives no block-sized chunks). */
const unpack = async (archive: Buffer, chunk = 77) => {
  const pieces = [];
  for (let i = 0; i < archive.length; i += chunk) pieces.push(archive.subarray(i, i + chunk));
  const entries: TarEntry[] = [];
  for await (const entry of unpackTar(Readable.from(pieces))) entries.push(entry);
  return entries;
};

const mtime = new Date('2026-01-02T03:04:05Z');
const longName = `pgdata/${'deep/'.repeat(30)}file`;

describe('tar', () => {
  it('reads back what it writes: directories, empty and long-named files, modes and dates', async () => {
    const entries: TarEntry[] = [
      { name: 'pgdata', type: 'directory', mode: 0o755, mtime },
      { name: 'keys.json', type: 'file', mode: 0o600, mtime, data: Buffer.from('{"k":1}') },
      { name: 'empty', type: 'file', mode: 0o644, mtime, data: Buffer.alloc(0) },
      { name: longName, type: 'file', mode: 0o644, mtime, data: Buffer.alloc(1500, 7) },
    ];
    const archive = await collect(entries);
    expect(archive.length % 512).toBe(0);
    expect(await unpack(archive)).toEqual([
      { name: 'pgdata', type: 'directory', mode: 0o755, mtime },
      { name: 'keys.json', type: 'file', mode: 0o600, mtime, data: Buffer.from('{"k":1}') },
      { name: 'empty', type: 'file', mode: 0o644, mtime, data: Buffer.alloc(0) },
      { name: longName, type: 'file', mode: 0o644, mtime, data: Buffer.alloc(1500, 7) },
    ]);
  });

  it('writes archives the tar command reads', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carecode-tar-'));
    try {
      const file = path.join(dir, 'a.tar');
      writeFileSync(
        file,
        await collect([
          { name: 'a', type: 'directory', mode: 0o755, mtime },
          { name: 'a/b.txt', type: 'file', mode: 0o640, mtime, data: Buffer.from('hello') },
        ]),
      );
      const listed = spawnSync('tar', ['-xf', file, '-C', dir], { encoding: 'utf8' });
      expect(listed.status).toBe(0);
      expect(readFileSync(path.join(dir, 'a/b.txt'), 'utf8')).toBe('hello');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses paths that leave the folder, damaged headers and a cut archive', async () => {
    const escaping = await collect([
      { name: 'a/../../evil', type: 'file', mode: 0o644, mtime, data: Buffer.from('x') },
    ]);
    await expect(unpack(escaping)).rejects.toThrow('tar: refusing the path a/../../evil');
    const damaged = Buffer.from(escaping);
    damaged.write('b', 0, 'latin1');
    await expect(unpack(damaged)).rejects.toThrow(TarFormatError);
    await expect(unpack(damaged)).rejects.toThrow('tar: a damaged header');

    const archive = await collect([
      { name: 'x', type: 'file', mode: 0o644, mtime, data: Buffer.from('x') },
    ]);
    const absolute = await collect([
      { name: '/etc/passwd', type: 'file', mode: 0o644, mtime, data: Buffer.from('x') },
    ]);
    await expect(unpack(absolute)).rejects.toThrow('tar: refusing the path /etc/passwd');
    await expect(unpack(archive.subarray(0, 600))).rejects.toThrow('tar: the archive ends early');
  });
});
