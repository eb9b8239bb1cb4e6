import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horsE', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same-password'),
      hashPassword('same-password'),
    ]);
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    await expect(verifyPassword('same-password', b)).resolves.toBe(true);
  });

  it('stores the scheme and cost with the hash', async () => {
    expect(await hashPassword('secret1')).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  });

  it('refuses a stored value that is not an scrypt hash', async () => {
    await expect(verifyPassword('secret1', 'secret1')).resolves.toBe(false);
    await expect(verifyPassword('secret1', 'bcrypt$x$y')).resolves.toBe(false);
  });
});
