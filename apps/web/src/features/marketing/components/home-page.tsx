import { useTranslation } from 'react-i18next';
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
  return (
    <>
      <PageMeta title={t('meta.home.title')} description={t('meta.home.description')} path="/" />
      <HeroSection />
      <UseCasesSection />
      <HowItWorksSection />
      <PrivacySection />
      <TestimonialsSection />
      <CtaSection />
    </>
  );
}
