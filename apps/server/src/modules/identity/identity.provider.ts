import Provider, {
  errors,
  type Account,
  type Configuration,
  type Grant,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import { effectivePlan, groupsForPlan } from '@carecode/domain/plans/plans';
import type { Config } from '../../config/env.ts';
import type { AccountRow, AccountsRepository } from './accounts.repository.ts';
import { createAdapterFactory } from './identity.adapter.ts';
import type { OidcModelsRepository } from './identity.repository.ts';
import type { IdentityKeys } from './keys.ts';

/** Where the provider is mounted inside the app; the issuer is `${PUBLIC_URL}/oidc`. */
export const OIDC_PATH = '/oidc';
/** The scopes of spec §9, granted to the web client and to the API's access tokens. */
export const WEB_SCOPES = 'openid email phone';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

const cookieOptions = { httpOnly: true, sameSite: 'lax' } as const;

export interface IdentityProviderOptions {
  config: Config;
  keys: IdentityKeys;
  models: OidcModelsRepository;
  accounts: AccountsRepository;
  onServerError?: (error: Error) => void;
}

/**
 * The identity claims of spec §3: email, email_verified, phone_number and plan groups. The groups
 * follow the plan in force when the token is issued (a paid plan that has ended no longer counts).
 */
export function claimsFor(row: AccountRow, at = Date.now()) {
  return {
    email: row.email ?? undefined,
    email_verified: row.emailVerified,
    phone_number: row.phone ?? undefined,
    groups: groupsForPlan(effectivePlan(row, at)),
  };
}

export function issuerFor(config: Config): string {
  return `${config.publicUrl}${OIDC_PATH}`;
}

/** panva's oidc-provider configured for the one public web client of CareCode. */
export function createIdentityProvider(options: IdentityProviderOptions): Provider {
  const { config, keys, models, accounts } = options;
  const clientId = config.oidc.clientId;
  const apiResource = config.apiBaseUrl;

  async function findAccount(_ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined> {
    const row = await accounts.findBySubject(sub);
    if (!row) return undefined;
    return { accountId: row.subject, claims: () => ({ sub: row.subject, ...claimsFor(row) }) };
  }

  /**
   * CareCode's own web client needs no consent screen: its grant (the spec's scopes, for the ID
   * token and for the API) is given as soon as the user has signed in.
   */
  async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant | undefined> {
    const { oidc } = ctx;
    const client = oidc.client;
    const accountId = oidc.session?.accountId;
    if (!client || !accountId) return undefined;
    const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(client.clientId);
    if (grantId) {
      const existing = await oidc.provider.Grant.find(grantId);
      if (existing && existing.accountId === accountId && existing.clientId === client.clientId) {
        return existing;
      }
    }
    if (client.clientId !== clientId) return undefined;
    const grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
    grant.addOIDCScope(WEB_SCOPES);
    grant.addResourceScope(apiResource, WEB_SCOPES);
    await grant.save();
    return grant;
  }

  const configuration: Configuration = {
    adapter: createAdapterFactory(models),
    clients: [
      {
        client_id: clientId,
        client_name: 'CareCode',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${config.publicUrl}/callback`],
        post_logout_redirect_uris: [config.publicUrl],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: keys.jwks as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: cookieOptions,
      short: cookieOptions,
    },
    scopes: WEB_SCOPES.split(' '),
    claims: {
      openid: ['sub', 'groups'],
      email: ['email', 'email_verified'],
      phone: ['phone_number'],
    },
    // Put the scope's claims in the ID token too, so the web app needs no userinfo call.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Only a client that asks for the API (the web app does) gets a JWT access token for it;
        // a plain sign-in gets an opaque token that the userinfo endpoint accepts.
        defaultResource: (_ctx, _client, oneOf) => oneOf?.[0],
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== apiResource) throw new errors.InvalidTarget();
          return {
            scope: WEB_SCOPES,
            audience: apiResource,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // Token, userinfo and revocation calls from a browser: only from the web client's own site.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const row = await accounts.findBySubject(token.accountId);
      return row ? claimsFor(row) : undefined;
    },
    // The spec's scopes carry no offline_access; silent renewal still needs refresh tokens.
    issueRefreshToken: (_ctx, client, source) =>
      client.grantTypeAllowed('refresh_token') && source.scopes.has('openid'),
    loadExistingGrant,
    findAccount,
    interactions: {
      // A provider route first, so the interaction cookie reaches the JSON interaction API;
      // it sends the browser on to the web app's /login page.
      url: (_ctx, interaction) => `${OIDC_PATH}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: (ctx, token, client) => {
        // Rotated refresh tokens of the public client keep the remaining lifetime of the first.
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none') return rotated.remainingTTL;
        return 14 * DAY;
      },
    },
    renderError(ctx, out) {
      const message = out.error_description ?? out.error;
      ctx.status = 303;
      ctx.redirect(`${config.publicUrl}/error?message=${encodeURIComponent(message)}`);
    },
  };

  const provider = new Provider(issuerFor(config), configuration);
  provider.proxy = Boolean(config.trustProxy);
  if (options.onServerError) {
    const report = options.onServerError;
    provider.on('server_error', (_ctx, error) => report(error));
  }
  return provider;
}
