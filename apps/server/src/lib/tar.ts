// A small reader and writer of POSIX tar (ustar) archives, the format of CareCode's backups: files
// and directories only, which `tar` reads and writes too (`tar -tzf backup.tar.gz`).

export interface TarEntry {
  /** Relative path, `/`-separated, no `..`. */
  name: string;
  type: 'file' | 'directory';
  mode: number;
  mtime: Date;
  /** A file's content. */
  data?: Buffer;
}

const BLOCK = 512;

export class TarFormatError extends Error {}

function writeString(header: Buffer, value: string, offset: number, length: number) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarFormatError(`tar: "${value}" is too long`);
  bytes.copy(header, offset);
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  writeString(header, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
}

/** Splits a path into ustar's prefix (155 bytes) and name (100 bytes). */
function splitName(name: string): [prefix: string, name: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new TarFormatError(`tar: the path ${name} is too long`);
}

function header(entry: TarEntry, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const name =
    entry.type === 'directory' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
  const [prefix, rest] = splitName(name);
  writeString(block, rest, 0, 100);
  writeOctal(block, entry.mode & 0o7777, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, size, 124, 12);
  writeOctal(block, Math.floor(entry.mtime.getTime() / 1000), 136, 12);
  block.fill(' ', 148, 156);
  block.write(entry.type === 'directory' ? '5' : '0', 156, 'latin1');
  writeString(block, 'ustar\u000000', 257, 8);
  writeString(block, prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The archive of `entries`, block by block. */
export async function* packTar(
  entries: Iterable<TarEntry> | AsyncIterable<TarEntry>,
): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    const data = entry.type === 'file' ? (entry.data ?? Buffer.alloc(0)) : Buffer.alloc(0);
    yield header(entry, data.length);
    if (data.length) {
      yield data;
      yield padding(data.length);
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  const value = text ? parseInt(text, 8) : 0;
  if (!Number.isFinite(value)) throw new TarFormatError('tar: a damaged header');
  return value;
}

/** A path that stays inside the folder it is unpacked into. */
function safeName(name: string): string {
  const clean = name.replace(/\/+$/, '');
  if (
    !clean ||
    clean.startsWith('/') ||
    clean.split('/').some((part) => part === '..' || part === '')
  ) {
    throw new TarFormatError(`tar: refusing the path ${name}`);
  }
  return clean;
}

/** The entries of an archive read from `source` (files and directories; nothing else). */
export async function* unpackTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const iterator = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let available = 0;
  const take = async (size: number): Promise<Buffer | undefined> => {
    while (available < size) {
      const next = await iterator.next();
      if (next.done) return undefined;
      chunks.push(next.value);
      available += next.value.length;
    }
    const parts: Buffer[] = [];
    for (let needed = size; needed > 0;) {
      const chunk = chunks[0];
      if (chunk.length <= needed) {
        parts.push(chunks.shift()!);
        needed -= chunk.length;
      } else {
        parts.push(chunk.subarray(0, needed));
        chunks[0] = chunk.subarray(needed);
        needed = 0;
      }
    }
    available -= size;
    return parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
  };
  for (;;) {
    const block = await take(BLOCK);
    if (!block) throw new TarFormatError('tar: the archive ends early');
    if (block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
    if (sum !== readOctal(block, 148, 8)) throw new TarFormatError('tar: a damaged header');
    const prefix = readString(block, 345, 155);
    const rawName = readString(block, 0, 100);
    const name = safeName(prefix ? `${prefix}/${rawName}` : rawName);
    const size = readOctal(block, 124, 12);
    const type = String.fromCharCode(block[156]);
    const data = size ? await take(size) : Buffer.alloc(0);
    if (!data) throw new TarFormatError('tar: the archive ends early');
    if (size % BLOCK) await take(BLOCK - (size % BLOCK));
    const common = {
      name,
      mode: readOctal(block, 100, 8),
      mtime: new Date(readOctal(block, 136, 12) * 1000),
    };
    if (type === '5') yield { ...common, type: 'directory' };
    else if (type === '0' || type === '\0')
      yield { ...common, type: 'file', data: Buffer.from(data) };
    else throw new TarFormatError(`tar: ${name} is neither a file nor a directory`);
  }
}
