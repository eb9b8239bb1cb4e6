import { customType } from 'drizzle-orm/pg-core';

/** Bytes as PostgreSQL keeps them (a photo, a logo), read back as a Buffer from either driver. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
