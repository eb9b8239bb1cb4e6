import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives 22 URL-safe characters (128 bits) by default and the asked length otherwise', () => {
    expect(newId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newId(6)).toMatch(/^[A-Za-z0-9_-]{8}$/);
  });

  it('never repeats across many refills of its pool', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) ids.add(newId());
    expect(ids.size).toBe(20_000);
  });

  it('uses every bit: each of the 64 characters appears in the first position', () => {
    const first = new Set<string>();
    for (let i = 0; i < 5_000; i++) first.add(newId()[0]);
    expect(first.size).toBe(64);
  });
});
