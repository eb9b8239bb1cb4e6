import { emergencyNumbers } from '@carecode/domain/emergency-numbers';
import { useParams } from 'react-router';
import { EmergencyNumbersList } from '../../components/emergency-numbers-list.tsx';
import { SupportLine } from '../../features/marketing/components/support-line.tsx';
import { PublicProfileView } from '../../features/profile/components/public-profile-view.tsx';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/** /u/:publicId — the public profile a profile QR code opens, with India's emergency numbers. */
export function Component() {
  const { publicId = '' } = useParams();
  return (
    <PublicProfileView
      key={publicId}
      publicId={publicId}
      emergencyNumbers={
        <>
          <EmergencyNumbersList numbers={emergencyNumbers} />
          <SupportLine email={runtimeConfig.supportEmail} />
        </>
      }
    />
  );
}
