/** Query keys of the alerts feature; mutations invalidate by prefix. */
export const alertKeys = {
  all: ['alerts'] as const,
  /** This browser's permission and subscription (no server call). */
  device: () => [...alertKeys.all, 'device'] as const,
  preferences: () => [...alertKeys.all, 'preferences'] as const,
  qr: (qrId: string) => [...alertKeys.all, 'qr', qrId] as const,
  qrPreferences: (qrId: string) => [...alertKeys.qr(qrId), 'preferences'] as const,
  guardians: (qrId: string) => [...alertKeys.qr(qrId), 'guardians'] as const,
};
