import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Button } from '../../../components/ui/button.tsx';
import { PencilIcon } from '../../../components/ui/icons.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { ownProfileQueryOptions } from '../api/get-profile.ts';
import { LoggedOutPrompt } from './logged-out-prompt.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { ProfileForm } from './profile-form.tsx';
import { ProfileQrCard } from './profile-qr-card.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { useSignIn } from '../../../lib/sign-in.ts';

/** /profile (spec §2 earlier flow): open to everyone; signed out it asks the visitor to log in. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const auth = useAuth();
  const { signIn } = useSignIn();
  return (
    <>
      <title>{t('meta.title')}</title>
      {auth.isAuthenticated ? (
        <SignedInProfile />
      ) : (
        <LoggedOutPrompt onLogin={() => signIn('/profile')} />
      )}
    </>
  );
}

function SignedInProfile() {
  const { errorText } = useErrorText();
  const { t } = useTranslation('profile');
  const query = useQuery(ownProfileQueryOptions());
  const [isEditing, setEditing] = useState(false);

  if (query.isPending) return <LoadingView />;
  if (query.isError) return <ErrorView message={errorText(query.error)} />;
  const data = query.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
          <p className="mt-1 text-slate-600">{t('subheading')}</p>
        </div>
        {!isEditing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <PencilIcon size={16} />
            {t('actions.edit')}
          </Button>
        )}
      </div>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {isEditing ? (
          <ProfileForm data={data} onDone={() => setEditing(false)} />
        ) : (
          <ProfileDetails profile={data.profile} email={data.email} showEmail />
        )}
        <ProfileQrCard publicId={data.publicId} />
      </div>
    </div>
  );
}
