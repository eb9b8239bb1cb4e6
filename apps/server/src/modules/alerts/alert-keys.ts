import { randomBytes } from 'node:crypto';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { readJsonFile, writeJsonOnce } from '../../lib/write-once-file.ts';
import { createAppKeysRepository } from './app-keys.repository.ts';

/** What alerts sign with: the Web Push (VAPID) pair and the key of one-click unsubscribe links. */
export interface AlertKeys {
  vapid: { publicKey: string; privateKey: string; subject: string };
  linkKey: Buffer;
}

interface StoredAlertKeys {
  vapidPublicKey: string;
  vapidPrivateKey: string;
  linkKey: string;
}

const generate = (): StoredAlertKeys => {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return {
    vapidPublicKey: publicKey,
    vapidPrivateKey: privateKey,
    linkKey: randomBytes(32).toString('base64url'),
  };
};

/** Stores `keys` unless some were stored first (another replica, an earlier start); answers the stored ones. */
async function storeOnce(database: Database, dataDir: string): Promise<StoredAlertKeys> {
  if (database.kind === 'pglite') {
    const file = path.join(dataDir, 'alert-keys.json');
    return readJsonFile<StoredAlertKeys>(file) ?? writeJsonOnce(file, generate());
  }
  const keys = createAppKeysRepository(database.db);
  return (
    (await keys.read<StoredAlertKeys>('alerts')) ??
    (await keys.insertOnce<StoredAlertKeys>('alerts', generate()))
  );
}
/**
 * The alert keys: the VAPID pair from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given, else
 * generated once and kept with the other keys (in the database on PostgreSQL, so every replica
 * pushes as the same server; else under DATA_DIR), so browsers' subscriptions outlive restarts.
 */
export async function loadAlertKeys(database: Database, config: Config): Promise<AlertKeys> {
  const stored = await storeOnce(database, config.dataDir);
  const given = config.push.vapidPublicKey && config.push.vapidPrivateKey;
  return {
    vapid: {
      publicKey: given ? config.push.vapidPublicKey! : stored.vapidPublicKey,
      privateKey: given ? config.push.vapidPrivateKey! : stored.vapidPrivateKey,
      subject: config.push.vapidSubject,
    },
    linkKey: Buffer.from(stored.linkKey, 'base64url'),
  };
}
