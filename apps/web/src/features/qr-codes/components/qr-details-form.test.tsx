import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/kit.tsx';
import { QrDetailsForm } from './qr-details-form.tsx';

const chars = (n: number) => 'x'.repeat(n);

async function renderForm(type: QrType, language: 'en' | 'hi' = 'en', defaultDetails?: unknown) {
  const onSubmit = vi.fn().mockResolvedValue(undefined);
  await renderApp(
    <QrDetailsForm
      type={type}
      defaultDetails={defaultDetails}
      submitLabel="Create QR"
      busyLabel="Creating..."
      onSubmit={onSubmit}
    />,
    { language },
  );
  return { onSubmit, user: userEvent.setup() };
}

/** The error text shown under the field labelled `label`, or null. */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: true });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label, { exact: true });
    if (field.tagName === 'SELECT') await user.selectOptions(field, value);
    else {
      await user.clear(field);
      if (value) await user.type(field, value);
    }
  }
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create QR' }));

const validByType: Record<QrType, Record<string, string>> = {
  CHILD: {
    'Child Name': 'Asha',
    'School Name': 'DPS',
    'Parent Name': 'Meera',
    'Parent Phone': '9123456780',
    'Emergency Name': 'Ravi',
    'Emergency Phone': '9876543210',
    'Blood Group': 'O_POSITIVE',
  },
  PERSON: { Name: 'Asha Rao', 'Emergency Name': 'Ravi', 'Emergency Phone': '9876543210' },
  VEHICLE: {
    'Vehicle Number': 'KA01AB1234',
    'Model Description': 'Red Swift',
    'Owner Name': 'Asha',
    'Owner Phone': '9123456780',
    'Emergency Name': 'Ravi',
    'Emergency Phone': '9876543210',
  },
  LUGGAGE: {
    'Luggage Description': 'Blue suitcase',
    'Owner Name': 'Asha',
    'Owner Phone': '9123456780',
    'Emergency Name': 'Ravi',
    'Emergency Phone': '9876543210',
  },
  LOCKSCREEN: {
    'Device Name': 'Pixel 8',
    'Owner Name': 'Asha',
    'Owner Phone': '9123456780',
    'Emergency Name': 'Ravi',
    'Emergency Phone': '9876543210',
  },
};

describe('labels of each kind (spec §3)', () => {
  it.each([
    [
      'CHILD',
      [
        'Child Name',
        'School Name',
        'Parent Name',
        'Parent Phone',
        'Emergency Name',
        'Emergency Phone',
        'Blood Group',
        'Medical History',
        'Allergies',
        'Current Medications',
      ],
    ],
    [
      'PERSON',
      [
        'Name',
        'Emergency Name',
        'Emergency Phone',
        'Blood Group',
        'Medical History',
        'Allergies',
        'Current Medications',
      ],
    ],
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
      [
        'Device Name',
        'Owner Name',
        'Owner Phone',
        'Emergency Name',
        'Emergency Phone',
        'Blood Group',
        'Medical History',
        'Allergies',
        'Current Medications',
      ],
    ],
  ] as const)('%s has exactly the fields %j', async (type, labels) => {
    await renderForm(type);
    const controls = [...document.querySelectorAll('input, select, textarea')].map(
      (control) => document.querySelector(`label[for="${control.id}"]`)?.textContent,
    );
    expect(controls).toEqual(labels);
  });

  it('offers the blood groups A+ … O- and "Don\'t Know"', async () => {
    await renderForm('CHILD');
    const options = within(screen.getByLabelText('Blood Group')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Select blood group',
      'A+',
      'A-',
      'B+',
      'B-',
      'AB+',
      'AB-',
      'O+',
      'O-',
      "Don't Know",
    ]);
  });
});

describe('valid submissions', () => {
  it.each(Object.keys(validByType) as QrType[])('sends valid %s details', async (type) => {
    const { onSubmit, user } = await renderForm(type);
    await fill(user, validByType[type]);
    await submit(user);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByText('Required')).toHaveLength(0);
  });

  it('sends trimmed CHILD details in the spec shape, without blank optional fields', async () => {
    const { onSubmit, user } = await renderForm('CHILD');
    await fill(user, { ...validByType.CHILD, 'Child Name': '  Asha  ', 'School Name': '' });
    await submit(user);
    expect(onSubmit.mock.calls[0][0]).toEqual({
      fullName: 'Asha',
      schoolContact: { name: 'Meera', phoneNumber: '9123456780' },
      emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
      medicalDetails: { bloodGroup: 'O_POSITIVE' },
    });
  });

  it.each(['PERSON', 'LOCKSCREEN'] as const)(
    'leaves out the medical block of %s when no medical field is filled',
    async (type) => {
      const { onSubmit, user } = await renderForm(type);
      await fill(user, validByType[type]);
      await submit(user);
      expect(onSubmit.mock.calls[0][0]).not.toHaveProperty('medicalDetails');
    },
  );

  it('sends the medical block of a PERSON once a medical field is filled, and then needs the blood group', async () => {
    const { onSubmit, user } = await renderForm('PERSON');
    await fill(user, { ...validByType.PERSON, Allergies: 'Dust' });
    await submit(user);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf('Blood Group')).toBe('Required');
    await fill(user, { 'Blood Group': 'DONT_KNOW' });
    await submit(user);
    expect(onSubmit.mock.calls[0][0].medicalDetails).toEqual({
      bloodGroup: 'DONT_KNOW',
      allergies: 'Dust',
    });
  });

  it('fills the form from existing details when editing', async () => {
    await renderForm('VEHICLE', 'en', {
      numberPlate: 'KA01AB1234',
      modelDescription: 'Red Swift',
      ownerContact: { name: 'Asha', phoneNumber: '9123456780' },
      emergencyContact: { name: 'Ravi', phoneNumber: '9876543210' },
    });
    expect(screen.getByLabelText('Vehicle Number')).toHaveValue('KA01AB1234');
    expect(screen.getByLabelText('Emergency Phone')).toHaveValue('9876543210');
  });
});

describe('field rules and messages (spec §5)', () => {
  it('blocks an empty CHILD form and marks every required field', async () => {
    const { onSubmit, user } = await renderForm('CHILD');
    await submit(user);
    expect(onSubmit).not.toHaveBeenCalled();
    for (const label of [
      'Child Name',
      'Parent Name',
      'Parent Phone',
      'Emergency Name',
      'Emergency Phone',
      'Blood Group',
    ]) {
      expect(errorOf(label)).toBe('Required');
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(errorOf('School Name')).toBeNull();
    expect(screen.getByLabelText('Child Name')).toHaveFocus();
  });

  type EdgeCase = [QrType, string, number, string | null];
  it.each<EdgeCase>([
    ['CHILD', 'Child Name', 1, null],
    ['CHILD', 'Child Name', 20, null],
    ['CHILD', 'Child Name', 21, 'This field must be between 1 and 20 characters'],
    ['CHILD', 'School Name', 30, null],
    ['CHILD', 'School Name', 31, 'School name must be at most 30 characters'],
    ['CHILD', 'Parent Name', 30, null],
    ['CHILD', 'Parent Name', 31, 'School name must be at most 30 characters'],
    ['CHILD', 'Allergies', 100, null],
    ['CHILD', 'Allergies', 101, 'This field must be between 0 and 100 characters'],
    ['CHILD', 'Medical History', 101, 'This field must be between 0 and 100 characters'],
    ['CHILD', 'Current Medications', 101, 'This field must be between 0 and 100 characters'],
    ['PERSON', 'Name', 1, null],
    ['PERSON', 'Name', 20, null],
    ['PERSON', 'Name', 21, 'This field must be between 1 and 20 characters'],
    ['VEHICLE', 'Vehicle Number', 3, 'This field must be between 4 and 15 characters'],
    ['VEHICLE', 'Vehicle Number', 4, null],
    ['VEHICLE', 'Vehicle Number', 15, null],
    ['VEHICLE', 'Vehicle Number', 16, 'This field must be between 4 and 15 characters'],
    ['VEHICLE', 'Model Description', 1, null],
    ['VEHICLE', 'Model Description', 20, null],
    ['VEHICLE', 'Model Description', 21, 'This field must be between 1 and 20 characters'],
    ['LUGGAGE', 'Luggage Description', 1, null],
    ['LUGGAGE', 'Luggage Description', 30, null],
    ['LUGGAGE', 'Luggage Description', 31, 'This field must be between 1 and 30 characters'],
    ['LOCKSCREEN', 'Device Name', 1, null],
    ['LOCKSCREEN', 'Device Name', 30, null],
    ['LOCKSCREEN', 'Device Name', 31, 'This field must be between 1 and 30 characters'],
  ])('%s %s of %i characters → %s', async (type, label, length, message) => {
    const { onSubmit, user } = await renderForm(type);
    await fill(user, { ...validByType[type], [label]: chars(length) });
    await submit(user);
    expect(errorOf(label)).toBe(message);
    expect(onSubmit).toHaveBeenCalledTimes(message ? 0 : 1);
  });

  it.each([
    ['Owner Phone', '912345678', 'Phone number must be 10 digits'],
    ['Owner Phone', '91234567801', 'Phone number must be 10 digits'],
    ['Owner Phone', '91234abcde', 'Phone number must be 10 digits'],
    ['Owner Phone', '+919123456', 'Phone number must be 10 digits'],
    ['Owner Phone', '', 'Required'],
    ['Emergency Phone', '98765', 'Phone number must be 10 digits'],
    ['Owner Phone', '0123456789', null],
  ])('LUGGAGE %s %j → %s', async (label, value, message) => {
    const { user } = await renderForm('LUGGAGE');
    await fill(user, { ...validByType.LUGGAGE, [label]: value });
    await submit(user);
    expect(errorOf(label)).toBe(message);
  });

  it('checks the Parent Phone of a CHILD', async () => {
    const { user } = await renderForm('CHILD');
    await fill(user, { ...validByType.CHILD, 'Parent Phone': '12345' });
    await submit(user);
    expect(errorOf('Parent Phone')).toBe('Phone number must be 10 digits');
  });

  it('accepts a contact name of any length (no length rule)', async () => {
    const { onSubmit, user } = await renderForm('VEHICLE');
    await fill(user, { ...validByType.VEHICLE, 'Owner Name': chars(60) });
    await submit(user);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the messages in Hindi, with min and max filled in', async () => {
    const { user } = await renderForm('VEHICLE', 'hi');
    await fill(user, {
      'वाहन नंबर': 'KA1',
      'मॉडल विवरण': '',
      'मालिक का फ़ोन': '123',
    });
    await user.click(screen.getByRole('button', { name: 'Create QR' }));
    expect(errorOf('वाहन नंबर')).toBe('यह फ़ील्ड 4 से 15 अक्षरों के बीच होना चाहिए');
    expect(errorOf('मॉडल विवरण')).toBe('आवश्यक');
    expect(errorOf('मालिक का फ़ोन')).toBe('फ़ोन नंबर 10 अंकों का होना चाहिए');
  });

  it('shows field errors the server answered, by their details path', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValue({ 'details.ownerContact.phoneNumber': 'Phone number must be 10 digits' });
    await renderApp(
      <QrDetailsForm type="LUGGAGE" submitLabel="Save" busyLabel="Saving..." onSubmit={onSubmit} />,
    );
    const user = userEvent.setup();
    await fill(user, validByType.LUGGAGE);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Owner Phone')).toBe('Phone number must be 10 digits');
  });
});
