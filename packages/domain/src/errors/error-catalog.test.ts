import { describe, expect, it } from 'vitest';
import {
  errorCatalog,
  errorCodes,
  errorLanguages,
  errorText,
  isErrorCode,
  placeholdersOf,
} from './error-catalog.ts';
import {
  describeFieldMessage,
  fieldMessage,
  fieldMessageCodes,
  fieldMessages,
  fieldMessageText,
} from './field-messages.ts';

describe('error catalog', () => {
  it.each(errorCodes)(
    '%s has a sentence in every language, naming the same placeholders',
    (code) => {
      const entry = errorCatalog[code];
      for (const language of errorLanguages) {
        expect(entry[language], `${code} in ${language}`).toMatch(/\S/);
        expect(placeholdersOf(entry[language])).toEqual(placeholdersOf(entry.en));
      }
    },
  );

  it('has codes in UPPER_SNAKE case', () => {
    for (const code of errorCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('has a Hindi sentence that differs from the English one for every code', () => {
    const untranslated = errorCodes.filter((code) => {
      const entry: { en: string; hi: string } = errorCatalog[code];
      return entry.hi === entry.en;
    });
    expect(untranslated).toEqual([]);
  });

  it('fills placeholders and shows a plan key as the plan name of the language', () => {
    expect(errorText('PLAN_QR_LIMIT', { plan: 'FREE', limit: 2 })).toBe(
      'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
    );
    expect(errorText('PLAN_QR_LIMIT', { plan: 'BASIC', limit: 10 }, 'hi')).toBe(
      'आपका बेसिक प्लान अधिकतम 10 QR कोड की अनुमति देता है। और बनाने के लिए प्राइसिंग पेज पर अपग्रेड करें।',
    );
  });

  it('leaves a placeholder without a value as it is', () => {
    expect(errorText('ROUTE_NOT_FOUND', { method: 'GET' })).toBe('No route for GET {{path}}.');
  });

  it('tells codes from other strings', () => {
    expect(isErrorCode('QR_NOT_FOUND')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode('QR code not found.')).toBe(false);
  });
});

describe('field messages', () => {
  it.each(fieldMessageCodes)(
    '%s has a sentence in every language with the same placeholders',
    (code) => {
      for (const language of errorLanguages) {
        expect(fieldMessages[code][language]).toMatch(/\S/);
        expect(placeholdersOf(fieldMessages[code][language])).toEqual(
          placeholdersOf(fieldMessages[code].en),
        );
      }
      if (code !== 'INVALID') expect(fieldMessages[code].hi).not.toBe(fieldMessages[code].en);
    },
  );

  it('gives back the code and values of every English message', () => {
    expect(describeFieldMessage('Phone number must be 10 digits')).toEqual({
      code: 'PHONE_DIGITS',
      params: {},
    });
    expect(describeFieldMessage(fieldMessage('LENGTH', { min: 4, max: 15 }))).toEqual({
      code: 'LENGTH',
      params: { min: 4, max: 15 },
    });
    expect(describeFieldMessage('Something else')).toBeUndefined();
  });

  it('shows a message in Hindi, and an unknown one as it is', () => {
    expect(fieldMessageText('This field must be between 1 and 20 characters', 'hi')).toBe(
      'यह फ़ील्ड 1 से 20 अक्षरों के बीच होना चाहिए',
    );
    expect(fieldMessageText('Required', 'hi')).toBe('आवश्यक');
    expect(fieldMessageText('Required', 'en')).toBe('Required');
    expect(fieldMessageText('Not in the catalog', 'hi')).toBe('Not in the catalog');
  });
});
