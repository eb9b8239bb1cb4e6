import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/ui/icons.tsx';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { EmailText } from './email-text.tsx';
import { BulletList, LegalPage, LegalSection } from './legal-page.tsx';
import { PageMeta } from './page-meta.tsx';

/** Terms & Conditions with the refund policy of spec §9 (last updated June 27, 2025). */
export function TermsPage() {
  const { t } = useTranslation('marketing');
  const email = runtimeConfig.supportEmail;
  const simple = (key: string) => (
    <LegalSection key={key} heading={t(`terms.${key}.heading`)}>
      <p>{t(`terms.${key}.text`)}</p>
    </LegalSection>
  );

  return (
    <>
      <PageMeta
        title={t('meta.terms.title')}
        description={t('meta.terms.description')}
        path="/terms"
      />
      <LegalPage
        heading={t('terms.heading')}
        lastUpdated={t('terms.lastUpdated')}
        intro={t('terms.intro')}
      >
        {simple('service')}
        <LegalSection heading={t('terms.notEmergency.heading')}>
          <p className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-brand-800">
            {t('terms.notEmergency.text')}
          </p>
        </LegalSection>
        {simple('account')}
        <LegalSection heading={t('terms.content.heading')}>
          <BulletList
            items={['accurate', 'consent', 'misuse'].map((key) => t(`terms.content.${key}`))}
          />
        </LegalSection>
        <LegalSection heading={t('terms.plans.heading')}>
          <p>{t('terms.plans.text')}</p>
          <p>
            <Link
              to="/pricing"
              className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2"
            >
              {t('home.cta.pricing')}
              <ArrowRightIcon size={16} />
            </Link>
          </p>
        </LegalSection>
        <LegalSection heading={t('terms.refunds.heading')}>
          <p className="font-medium text-slate-900">{t('terms.refunds.text')}</p>
          <p>
            <EmailText email={email} render={(mark) => t('terms.refunds.how', { email: mark })} />
          </p>
        </LegalSection>
        {simple('liability')}
        {simple('ending')}
        {simple('law')}
        {simple('changes')}
        <LegalSection heading={t('terms.contact.heading')}>
          <p>
            <EmailText email={email} render={(mark) => t('terms.contact.text', { email: mark })} />
          </p>
        </LegalSection>
      </LegalPage>
    </>
  );
}
