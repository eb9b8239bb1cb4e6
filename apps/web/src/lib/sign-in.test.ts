import { describe, expect, it } from 'vitest';
import { returnPathOf } from './sign-in.ts';

describe('the path sign-in returns to', () => {
  it('is the saved path and query of this site', () => {
    expect(returnPathOf({ returnTo: '/qr-data/abc?tab=scans' })).toBe('/qr-data/abc?tab=scans');
  });

  it('is the dashboard for nothing saved, another site, or a protocol-relative address', () => {
    expect(returnPathOf(undefined)).toBe('/dashboard');
    expect(returnPathOf({ returnTo: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPathOf({ returnTo: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPathOf({ returnTo: 42 })).toBe('/dashboard');
  });
});
