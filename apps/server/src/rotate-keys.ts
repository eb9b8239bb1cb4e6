// `npm run keys:rotate`: a new signing key and cookie key for the built-in sign-in provider. The
// new keys sign once the servers restart; the previous ones keep verifying the tokens and cookies
// they signed until those expire (the last KEYS_KEPT of each are kept). Keys given through
// OIDC_JWKS / OIDC_COOKIE_KEYS are not stored here: rotate those where they are kept.
import { ConfigError, loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { fileKeyStore, keyStoreOf, KEYS_KEPT, rotateKeys } from './modules/identity/keys.ts';

async function main() {
  const config = loadConfig(process.env);
  if (config.oidc.jwks) {
    console.error('OIDC_JWKS is set: rotate the keys where that variable is kept.');
    process.exit(1);
  }
  // On PGlite the keys are a file in DATA_DIR: the database (open in the running server) is
  // not needed.
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    : undefined;
  try {
    const store = database ? keyStoreOf(database, config.dataDir) : fileKeyStore(config.dataDir);
    if (!(await store.read())) {
      console.error('No keys are stored yet: start the server once first.');
      process.exit(1);
    }
    const keys = await rotateKeys(store);
    const kids = keys.jwks.keys.map((key) => key.kid);
    console.log(
      `New signing key ${kids[0]} (in use after a restart); verifying with ${kids.slice(1).join(', ') || 'no older keys'} (up to ${KEYS_KEPT} kept).`,
    );
  } finally {
    await database?.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
