import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';

const contact = { name: 'Ravi Kumar', phoneNumber: '9876543210' };

export function makeQr(overrides: Partial<QrCode> & Pick<QrCode, 'type'>): QrCode {
  const detailsByType = {
    CHILD: {
      fullName: 'Asha',
      schoolName: 'DPS Noida',
      schoolContact: { name: 'Meera', phoneNumber: '9123456780' },
      emergencyContact: contact,
      medicalDetails: { bloodGroup: 'B_POSITIVE', allergies: 'Peanuts' },
    },
    PERSON: { fullName: 'Kamala Iyer', emergencyContact: contact },
    VEHICLE: {
      numberPlate: 'KA01AB1234',
      modelDescription: 'Red Swift',
      ownerContact: { name: 'Arjun', phoneNumber: '9000011111' },
      emergencyContact: contact,
    },
    LUGGAGE: {
      description: 'Blue suitcase',
      ownerContact: { name: 'Arjun', phoneNumber: '9000011111' },
      emergencyContact: contact,
    },
    LOCKSCREEN: {
      deviceName: 'Pixel 8',
      ownerContact: { name: 'Nisha', phoneNumber: '9111122222' },
      emergencyContact: contact,
    },
  };
  return {
    id: `qr-${overrides.type.toLowerCase()}-0000000000000`,
    status: 'ASSIGNED',
    public: true,
    createdAt: '2025-06-01T10:00:00.000Z',
    updatedAt: '2025-06-01T10:00:00.000Z',
    scanCount: 0,
    details: detailsByType[overrides.type],
    ...overrides,
  } as QrCode;
}
