export * from './users.ts';
export * from './qr-codes.ts';
export * from './scans.ts';
export * from './orders.ts';
export * from './identity.ts';
export * from './profiles.ts';
export * from './alerts.ts';
export * from './consents.ts';
