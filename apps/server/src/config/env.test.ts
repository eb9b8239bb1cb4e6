import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const phonepe = {
  PAYMENT_GATEWAY: 'phonepe',
  PHONEPE_CLIENT_ID: 'id',
  PHONEPE_CLIENT_SECRET: 'secret',
  PHONEPE_CLIENT_VERSION: '1',
  PHONEPE_WEBHOOK_USERNAME: 'hook',
  PHONEPE_WEBHOOK_PASSWORD: 'hook-secret',
};
const without = (env: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => name !== key));

describe('the configuration', () => {
  it.each(['PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD', 'PHONEPE_CLIENT_SECRET'])(
    'refuses PAYMENT_GATEWAY=phonepe without %s, naming it',
    (key) => {
      expect(() => loadConfig(without(phonepe, key))).toThrow(
        new ConfigError(
          `Invalid configuration: ${key} is required when PAYMENT_GATEWAY is phonepe`,
        ),
      );
    },
  );

  it('takes PhonePe with all its variables', () => {
    expect(loadConfig(phonepe).payments.gateway).toBe('phonepe');
  });

  it('refuses the sandbox gateway in production unless explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'Invalid configuration: PAYMENT_GATEWAY is sandbox while NODE_ENV is production: set phonepe, or ALLOW_SANDBOX_PAYMENTS=true for a demo',
    );
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' }).payments.gateway,
    ).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'development' }).payments.gateway).toBe('sandbox');
  });

  it('takes a VAPID pair whole or not at all, and a mailto: or https: subject', () => {
    const pair = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
    };
    expect(loadConfig(pair).push).toEqual({
      vapidPublicKey: pair.VAPID_PUBLIC_KEY,
      vapidPrivateKey: pair.VAPID_PRIVATE_KEY,
      vapidSubject: 'mailto:support@localhost',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
      'Invalid configuration: VAPID_PRIVATE_KEY is required with VAPID_PUBLIC_KEY (give both, or neither to generate a pair)',
    );
    expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: 'short' })).toThrow(
      'Invalid configuration: VAPID_PUBLIC_KEY must be a base64url P-256 public key',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'support@example.com' })).toThrow(
      'Invalid configuration: VAPID_SUBJECT must be a mailto: or https:// URL',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'https://carecode.example' }).push.vapidSubject).toBe(
      'https://carecode.example',
    );
  });

  it('stops the server at start with one line naming the variable', () => {
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...without(phonepe, 'PHONEPE_WEBHOOK_PASSWORD'),
      PORT: '0',
    };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', server], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: PHONEPE_WEBHOOK_PASSWORD is required when PAYMENT_GATEWAY is phonepe',
    ]);
  });
});
