import { ProfilePage } from '../../features/profile/components/profile-page.tsx';

/** /profile — not behind the guard: a signed-out visitor is asked to log in. */
export function Component() {
  return <ProfilePage />;
}
