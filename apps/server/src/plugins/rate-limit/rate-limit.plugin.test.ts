import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './rate-limit.plugin.ts';

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses, also when mapped into IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 clients by their /64 network', () => {
    expect(clientAddressKey('2001:db8:85a3:12:8a2e:370:7334:1')).toBe('2001:db8:85a3:12::/64');
    expect(clientAddressKey('2001:DB8:85A3:0012::1')).toBe('2001:db8:85a3:12::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});
