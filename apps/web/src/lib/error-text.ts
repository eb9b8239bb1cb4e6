import { errorText, isErrorCode, type ErrorLanguage } from '@carecode/domain/errors/error-catalog';
import { fieldMessageText } from '@carecode/domain/errors/field-messages';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

const languageOf = (language: string | undefined): ErrorLanguage =>
  language?.startsWith('hi') ? 'hi' : 'en';

/**
 * The sentence to show for a failure, in a language: an API error by its code (with its
 * values); an answer without a code, or any other error, as `fallback` (default: the generic
 * 'An error occurred. Please try again.').
 */
export function describeError(
  error: unknown,
  language: string | undefined,
  fallback?: string,
): string {
  const lang = languageOf(language);
  if (error instanceof ApiError && error.isCoded) {
    return errorText(error.code, error.params, lang);
  }
  return fallback ?? errorText('INTERNAL', undefined, lang);
}

/** The sentence of an error code taken from a URL or storage (unknown codes: 'Unknown error.'). */
export function describeCode(code: string | null, language: string | undefined) {
  return isErrorCode(code) ? errorText(code, undefined, languageOf(language)) : undefined;
}

/** Error and field-message sentences in the page's language. */
export function useErrorText() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return {
    errorText: (error: unknown, fallback?: string) => describeError(error, language, fallback),
    codeText: (code: string | null) => describeCode(code, language),
    /** A field message (from the schemas or an answer's `fields`) in the page's language. */
    fieldText: (message: string) => fieldMessageText(message, languageOf(language)),
  };
}
