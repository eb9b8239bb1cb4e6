import type { FastifyInstance } from 'fastify';
import type { IdentityKeys } from './keys.ts';

/** The built-in OpenID Connect provider at /oidc and its interaction (login/registration) API. */
export async function identityPlugin(_app: FastifyInstance, _options: { keys: IdentityKeys }) {}
