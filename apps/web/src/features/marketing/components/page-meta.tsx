import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../../lib/runtime-config.ts';

interface PageMetaProps {
  title: string;
  description: string;
  /** The page's path, for og:url and the canonical link. */
  path: string;
}

/**
 * Title, description and Open Graph tags of a marketing page. React hoists them into <head>.
 * index.html carries defaults (marked data-default) for crawlers that run no script; they are
 * removed once a page renders its own, so the document never holds two descriptions.
 */
export function PageMeta({ title, description, path }: PageMetaProps) {
  const { t, i18n } = useTranslation('marketing');
  useLayoutEffect(() => {
    document.head.querySelectorAll('[data-default]').forEach((element) => element.remove());
  }, []);
  const url = `${runtimeConfig.publicUrl}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('meta.siteName')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={i18n.resolvedLanguage === 'hi' ? 'hi_IN' : 'en_IN'} />
      <meta property="og:image" content={`${runtimeConfig.publicUrl}/og-image.png`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={t('meta.ogImageAlt')} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
