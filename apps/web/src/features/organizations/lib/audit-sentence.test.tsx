import { auditActions } from '@carecode/domain/organizations/organization.schema';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadTexts } from '../../../test/kit.tsx';
import { auditEntry } from '../../../test/organization-fixtures.ts';
import { useAuditSentence } from './audit-sentence.ts';

const sentencesIn = async (language: 'en' | 'hi') => {
  await loadTexts(language);
  return renderHook(() => useAuditSentence()).result.current;
};

describe('audit sentences', () => {
  it.each(['en', 'hi'] as const)(
    '(%s) turn every action into a sentence naming who did it, never a text key',
    async (language) => {
      const sentence = await sentencesIn(language);
      for (const action of auditActions) {
        const text = sentence(
          auditEntry(1, action, { target: 'qr-abcdefghijkl', data: { role: 'member', count: 3 } }),
        );
        expect(text, action).toContain('asha@sunrise.in');
        expect(text, action).not.toMatch(/audit\.|actions\.|\{\{/);
      }
    },
  );

  it.each([
    [
      'en',
      [
        'asha@sunrise.in renamed the organisation to Sunrise Public School',
        'asha@sunrise.in changed the organisation’s brand colour',
        'asha@sunrise.in made ravi@sunrise.in admin',
        'asha@sunrise.in edited the QR code qr-abcde',
        'asha@sunrise.in created 1 QR code from a CSV file',
        'A deleted account left the organisation',
      ],
    ],
    [
      'hi',
      [
        'asha@sunrise.in ने संगठन का नाम बदलकर Sunrise Public School किया',
        'asha@sunrise.in ने संगठन का ब्रांड रंग बदला',
        'asha@sunrise.in ने ravi@sunrise.in को एडमिन बनाया',
        'asha@sunrise.in ने QR कोड qr-abcde संपादित किया',
        'asha@sunrise.in ने CSV फ़ाइल से 1 QR कोड बनाया',
        'एक मिटाए गए खाते ने संगठन छोड़ा',
      ],
    ],
  ] as const)('(%s) read the data each action keeps', async (language, expected) => {
    const sentence = await sentencesIn(language);
    expect([
      sentence(auditEntry(1, 'organization.updated', { data: { name: 'Sunrise Public School' } })),
      sentence(auditEntry(2, 'organization.updated', { data: { brandColor: '#0A7F3F' } })),
      sentence(
        auditEntry(3, 'member.role_changed', {
          target: 'ravi@sunrise.in',
          data: { from: 'member', to: 'admin' },
        }),
      ),
      sentence(auditEntry(4, 'qr.updated', { target: 'qr-abcdefghijkl' })),
      sentence(auditEntry(5, 'qr.bulk_created', { data: { type: 'CHILD', count: 1 } })),
      sentence(auditEntry(6, 'member.left', { actor: null })),
    ]).toEqual(expected);
  });
});
