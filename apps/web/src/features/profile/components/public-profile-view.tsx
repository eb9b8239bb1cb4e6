import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { publicProfileQueryOptions } from '../api/get-public-profile.ts';
import { ProfileDetails } from './profile-details.tsx';
import { useErrorText } from '../../../lib/error-text.ts';

/**
 * /u/:publicId — the read-only public profile the profile QR points to: personal and medical
 * details (never the e-mail), a tap-to-call emergency contact, then `emergencyNumbers`.
 */
export function PublicProfileView({
  publicId,
  emergencyNumbers,
}: {
  publicId: string;
  emergencyNumbers: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const { errorText } = useErrorText();
  const query = useQuery(publicProfileQueryOptions(publicId));

  if (query.isPending) return <LoadingView />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="mx-auto max-w-xl px-4 py-12 text-center">
          <title>{t('meta.notFoundTitle')}</title>
          <h1 className="text-2xl font-bold text-slate-900">{t('public.notFound')}</h1>
          <p className="mt-3 text-slate-700">{t('public.notFoundText')}</p>
          <Link to="/" className={buttonClass('primary', 'mt-6')}>
            {tc('errors.goHome')}
          </Link>
        </div>
      );
    }
    return <ErrorView message={errorText(query.error)} />;
  }

  const { profile } = query.data;
  const displayName = profile.fullName || profile.name;
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 py-8">
      <title>
        {displayName ? t('meta.publicTitle', { name: displayName }) : t('meta.publicTitleFallback')}
      </title>
      <meta name="robots" content="noindex" />
      <header className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <span className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
          {t('public.badge')}
        </span>
        <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-slate-900">
          {displayName || t('public.unnamed')}
        </h1>
        <p className="mt-3 text-slate-700">{t('public.intro')}</p>
      </header>
      <ProfileDetails profile={profile} callLinks />
      {emergencyNumbers}
    </div>
  );
}
