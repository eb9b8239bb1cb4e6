import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Printable QR images for print shops: GET /qr-codes/{id}/qr.svg and /qr.png (owner only). */
export const qrImagesRoutes: FastifyPluginAsyncZod = async () => {};
