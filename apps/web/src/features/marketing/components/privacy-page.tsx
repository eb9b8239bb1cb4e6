import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { EmailText } from './email-text.tsx';
import { BulletList, LegalPage, LegalSection } from './legal-page.tsx';
import { PageMeta } from './page-meta.tsx';

/** Privacy Policy in line with India's Digital Personal Data Protection Act 2023. */
export function PrivacyPage() {
  const { t } = useTranslation('marketing');
  const email = runtimeConfig.supportEmail;
  // The retention periods come from the server's configuration, as its job applies them.
  const list = (section: string, keys: string[]) =>
    keys.map((key) => t(`privacy.${section}.${key}`, runtimeConfig.retention));

  return (
    <>
      <PageMeta
        title={t('meta.privacy.title')}
        description={t('meta.privacy.description')}
        path="/privacy"
      />
      <LegalPage
        heading={t('privacy.heading')}
        lastUpdated={t('privacy.lastUpdated')}
        intro={t('privacy.intro')}
      >
        <LegalSection heading={t('privacy.collect.heading')}>
          <BulletList
            items={list('collect', ['account', 'qr', 'scans', 'payments', 'technical'])}
          />
        </LegalSection>
        <LegalSection heading={t('privacy.why.heading')}>
          <BulletList items={list('why', ['service', 'history', 'account', 'security'])} />
          <p className="font-medium text-slate-900">{t('privacy.why.noSale')}</p>
        </LegalSection>
        <LegalSection heading={t('privacy.who.heading')}>
          <BulletList
            leadIn
            items={list('who', ['public', 'private', 'history', 'processors', 'law'])}
          />
        </LegalSection>
        <LegalSection heading={t('privacy.retention.heading')}>
          <BulletList
            leadIn
            items={list('retention', ['account', 'scanSessions', 'scans', 'locations', 'payments'])}
          />
        </LegalSection>
        <LegalSection heading={t('privacy.rights.heading')}>
          <p>{t('privacy.rights.intro')}</p>
          <BulletList
            items={list('rights', [
              'access',
              'correct',
              'erase',
              'withdraw',
              'grievance',
              'nominate',
            ])}
          />
          <p>
            <EmailText email={email} render={(mark) => t('privacy.rights.how', { email: mark })} />
          </p>
        </LegalSection>
        <LegalSection heading={t('privacy.children.heading')}>
          <p>{t('privacy.children.text')}</p>
        </LegalSection>
        <LegalSection heading={t('privacy.security.heading')}>
          <p>{t('privacy.security.text')}</p>
        </LegalSection>
        <LegalSection heading={t('privacy.changes.heading')}>
          <p>{t('privacy.changes.text')}</p>
        </LegalSection>
        <LegalSection heading={t('privacy.contact.heading')}>
          <p>
            <EmailText
              email={email}
              render={(mark) => t('privacy.contact.text', { email: mark })}
            />
          </p>
        </LegalSection>
      </LegalPage>
    </>
  );
}
