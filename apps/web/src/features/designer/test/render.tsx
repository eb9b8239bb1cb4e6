import { render } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import i18n, { initI18n, type Language } from '../../../lib/i18n.ts';

/** Renders `ui` with the designer's texts loaded in `language`, so nothing suspends. */
export async function renderDesigner(ui: ReactElement, language: Language = 'en') {
  initI18n(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['designer']);
  return render(<Suspense fallback={null}>{ui}</Suspense>);
}
