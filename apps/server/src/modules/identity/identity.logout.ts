import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { AppError } from '../../lib/app-error.ts';

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Hosted logout in the style the web app calls (spec §7): `GET /oidc/logout?client_id&logout_uri`.
 * Ends the provider session (its grants and refresh tokens too), then returns to `logout_uri`,
 * which must be the client's registered post-logout address.
 */
export function logoutMiddleware(
  provider: Provider,
  client: { clientId: string; postLogoutRedirectUri: string },
) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.path !== '/logout' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      return next();
    }
    const clientId = ctx.query.client_id;
    const logoutUri = ctx.query.logout_uri;
    ctx.set('Cache-Control', 'no-store');
    if (
      clientId !== client.clientId ||
      typeof logoutUri !== 'string' ||
      !sameUrl(logoutUri, client.postLogoutRedirectUri)
    ) {
      ctx.status = 400;
      ctx.body = new AppError('LOGOUT_INVALID').toBody();
      return;
    }
    const session = await provider.Session.get(ctx);
    if (session.accountId || session.authorizations) {
      const grantIds = Object.values(session.authorizations ?? {})
        .map((authorization) => authorization.grantId)
        .filter((grantId): grantId is string => typeof grantId === 'string');
      await Promise.all(
        grantIds.flatMap((grantId) => [
          provider.RefreshToken.revokeByGrantId(grantId),
          provider.AuthorizationCode.revokeByGrantId(grantId),
          provider.AccessToken.revokeByGrantId(grantId),
          provider.Grant.adapter.destroy(grantId),
        ]),
      );
    }
    const isNew = (session as unknown as { new?: boolean }).new === true;
    if (!isNew) await session.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, { httpOnly: true, sameSite: 'lax' });
    ctx.status = 303;
    ctx.redirect(logoutUri);
  };
}
