import { emergencyNumbers, scanEmergencyNumbers } from '@carecode/domain/emergency-numbers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { qrTypes, type QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { qrFieldsOf } from '@carecode/domain/qr-codes/qr-fields';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { makeQr } from '../../../test/qr-fixtures.ts';
import { renderApp } from '../../../test/kit.tsx';
import { EmergencyNumbersList } from '../../../components/emergency-numbers-list.tsx';
import { QrDetailsView } from './qr-details-view.tsx';
import { ReportAbuseLine } from './report-abuse-line.tsx';

const rowValue = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** Details with every field of the kind's list filled: `value-{path}`, phones with digits. */
function everyField(type: QrType) {
  const details: Record<string, Record<string, string> | string> = {};
  for (const field of qrFieldsOf(type)) {
    const value =
      field.kind === 'phone'
        ? '9876543210'
        : field.kind === 'bloodGroup'
          ? 'O_POSITIVE'
          : `value-${field.path}`;
    const [head, leaf] = field.path.split('.');
    if (leaf) ((details[head] ??= {}) as Record<string, string>)[leaf] = value;
    else details[head] = value;
  }
  return details;
}

describe('QrDetailsView walks the one list of fields', () => {
  it.each(qrTypes.flatMap((type) => [[type, 'en'] as const, [type, 'hi'] as const]))(
    '%s (%s): shows every field of the list under its label',
    async (type, language) => {
      await renderApp(<QrDetailsView type={type} details={everyField(type)} />, { language });
      const labels = screen.getAllByRole('term').map((term) => term.textContent);
      const expected = qrFieldsOf(type).map((field) => i18n.t(`qr-codes:fields.${field.label}`));
      expect(labels).toEqual(expected);
      for (const label of expected) expect(label).not.toMatch(/^fields\./);
    },
  );
});

describe('QrDetailsView', () => {
  it('shows every CHILD field under the spec labels, phones as tel: links', async () => {
    const qr = makeQr({ type: 'CHILD' });
    await renderApp(<QrDetailsView type="CHILD" details={qr.details} />);
    expect(screen.getByRole('heading', { name: 'Child Safety Details' })).toBeInTheDocument();
    expect(rowValue('Child Name')).toBe('Asha');
    expect(rowValue('School Name')).toBe('DPS Noida');
    expect(rowValue('Parent Name')).toBe('Meera');
    expect(rowValue('Emergency Name')).toBe('Ravi Kumar');
    expect(rowValue('Blood Group')).toBe('B+');
    expect(rowValue('Allergies')).toBe('Peanuts');
    expect(screen.queryByText('Medical History')).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:9123456780',
      'tel:9876543210',
    ]);
    expect(links[0]).toHaveAccessibleName('Call Meera at 9123456780');
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it.each([
    [
      'VEHICLE',
      [
        'Vehicle Number',
        'Model Description',
        'Owner Name',
        'Owner Phone',
        'Emergency Name',
        'Emergency Phone',
      ],
    ],
    [
      'LUGGAGE',
      ['Luggage Description', 'Owner Name', 'Owner Phone', 'Emergency Name', 'Emergency Phone'],
    ],
    [
      'LOCKSCREEN',
      ['Device Name', 'Owner Name', 'Owner Phone', 'Emergency Name', 'Emergency Phone'],
    ],
    ['PERSON', ['Name', 'Emergency Name', 'Emergency Phone']],
  ] as const)('labels %s rows %j', async (type, labels) => {
    await renderApp(<QrDetailsView type={type} details={makeQr({ type }).details} />);
    expect([...document.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(labels);
  });

  it("shows 'Don't Know' for DONT_KNOW and the blood group label in Hindi", async () => {
    await renderApp(
      <QrDetailsView
        type="PERSON"
        details={{
          fullName: 'K',
          emergencyContact: { name: 'R', phoneNumber: '9876543210' },
          medicalDetails: { bloodGroup: 'DONT_KNOW' },
        }}
      />,
    );
    expect(rowValue('Blood Group')).toBe("Don't Know");
  });

  it('adds WhatsApp links with contactLinks="tel+whatsapp"', async () => {
    const qr = makeQr({ type: 'VEHICLE' });
    await renderApp(
      <QrDetailsView type="VEHICLE" details={qr.details} contactLinks="tel+whatsapp" />,
    );
    const whatsapp = screen.getByRole('link', { name: 'Message Arjun on WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/919000011111');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([[null], [{}], [undefined]])(
    "says 'No details available.' for details %j",
    async (details) => {
      await renderApp(<QrDetailsView type="LUGGAGE" details={details} />);
      expect(screen.getByText('No details available.')).toBeInTheDocument();
    },
  );

  it('shows the pencil by default and hides it with showEdit={false}', async () => {
    const onEdit = vi.fn();
    const qr = makeQr({ type: 'LUGGAGE' });
    const { unmount } = await renderApp(
      <QrDetailsView type="LUGGAGE" details={qr.details} onEdit={onEdit} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit details' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    unmount();
    await renderApp(
      <QrDetailsView type="LUGGAGE" details={qr.details} onEdit={onEdit} showEdit={false} />,
    );
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
  });

  it('speaks Hindi', async () => {
    await renderApp(
      <QrDetailsView type="LUGGAGE" details={makeQr({ type: 'LUGGAGE' }).details} />,
      {
        language: 'hi',
      },
    );
    expect(screen.getByRole('heading', { name: 'सामान विवरण' })).toBeInTheDocument();
    expect(rowValue('सामान का विवरण')).toBe('Blue suitcase');
  });
});

describe('EmergencyNumbersList', () => {
  it('lists the nine numbers of the preview in order, each a tel: link', async () => {
    await renderApp(<EmergencyNumbersList numbers={emergencyNumbers} />);
    const list = screen.getByRole('region', { name: 'Emergency Numbers (India)' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['112', '100', '102', '108', '1033', '1091', '1098', '101', '1078'].map((n) => `tel:${n}`),
    );
    expect(links.map((link) => link.textContent)).toEqual([
      '112All-in-one Emergency',
      '100Police',
      '102Ambulance',
      '108Emergency',
      '1033Highway Accident',
      '1091Women Helpline',
      '1098Child Helpline',
      '101Fire',
      '1078Disaster Management',
    ]);
    expect(links[1]).toHaveAccessibleName('Call 100, Police');
  });

  it('speaks Hindi, from the texts the server help pages print too', async () => {
    await renderApp(<EmergencyNumbersList />, { language: 'hi' });
    const list = screen.getByRole('region', { name: 'आपातकालीन नंबर (भारत)' });
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(
      '112 पर कॉल करें, सभी आपात स्थितियों के लिए',
    );
  });

  it('shows the list it is given (the scan page leaves out 108)', async () => {
    await renderApp(<EmergencyNumbersList numbers={scanEmergencyNumbers} />);
    expect(screen.getAllByRole('link')).toHaveLength(8);
    expect(screen.queryByRole('link', { name: /108/ })).toBeNull();
  });
});

describe('ReportAbuseLine', () => {
  it('links the support e-mail', async () => {
    await renderApp(<ReportAbuseLine email="support@carecode.in" />);
    expect(screen.getByRole('link', { name: 'support@carecode.in' })).toHaveAttribute(
      'href',
      'mailto:support@carecode.in',
    );
    expect(screen.getByText(/report misuse/)).toBeInTheDocument();
  });
});
