import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The JSON in `file`, or undefined when there is none (yet). */
export function readJsonFile<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/**
 * Writes `value` to `file` (owner-only) unless the file exists, and answers what the file holds:
 * of two starts racing to generate keys, the first one's keys are everybody's.
 */
export function writeJsonOnce<T>(file: string, value: T): T {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(value), { mode: 0o600, flag: 'wx' });
  } catch {
    // written first by another start: theirs it is
  }
  return readJsonFile<T>(file)!;
}
