import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { OidcModelsRepository, StoredModel } from './identity.repository.ts';

const toPayload = (stored: StoredModel | undefined): AdapterPayload | undefined => {
  if (!stored) return undefined;
  const payload = stored.payload as AdapterPayload;
  return stored.consumedAt
    ? { ...payload, consumed: Math.floor(stored.consumedAt.getTime() / 1000) }
    : payload;
};

/**
 * The provider's storage adapter over `oidc_models`, so sessions, grants and tokens survive a
 * restart and are shared by every replica. `expiresIn` (seconds) becomes `expires_at`; expired
 * rows are never answered.
 */
export function createAdapterFactory(repository: OidcModelsRepository) {
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const expiresAt =
        typeof expiresIn === 'number' && expiresIn > 0
          ? new Date(Date.now() + expiresIn * 1000)
          : null;
      await repository.upsert(model, id, payload as Record<string, unknown>, expiresAt);
    },
    async find(id) {
      return toPayload(await repository.find(model, id));
    },
    async findByUid(uid) {
      return toPayload(await repository.findByUid(model, uid));
    },
    async findByUserCode(userCode) {
      return toPayload(await repository.findByUserCode(model, userCode));
    },
    async consume(id) {
      await repository.consume(model, id);
    },
    async destroy(id) {
      await repository.destroy(model, id);
    },
    async revokeByGrantId(grantId) {
      await repository.revokeByGrantId(model, grantId);
    },
  });
}
