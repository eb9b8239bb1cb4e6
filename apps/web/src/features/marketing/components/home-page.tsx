import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageMeta } from './page-meta.tsx';
import { HeroSection } from './home/hero-section.tsx';
import { UseCasesSection } from './home/use-cases-section.tsx';
import { HowItWorksSection } from './home/how-it-works-section.tsx';
import { PrivacySection } from './home/privacy-section.tsx';
import { TestimonialsSection } from './home/testimonials-section.tsx';
import { CtaSection } from './home/cta-section.tsx';

/** The home page (spec §2), one component a section. */
export function HomePage() {
  const { t } = useTranslation('marketing');
  // 'Delete my account' ends here: say that it is done.
  const [params] = useSearchParams();
  return (
    <>
      <PageMeta title={t('meta.home.title')} description={t('meta.home.description')} path="/" />
      {params.get('account') === 'deleted' && (
        <p
          role="status"
          className="mx-auto mt-4 max-w-3xl rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          {t('home.accountDeleted')}
        </p>
      )}
      <HeroSection />
      <UseCasesSection />
      <HowItWorksSection />
      <PrivacySection />
      <TestimonialsSection />
      <CtaSection />
    </>
  );
}
