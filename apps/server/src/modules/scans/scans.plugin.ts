import type { OwnerCall } from '@carecode/domain/calls/call.schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitOptions } from '../../plugins/rate-limit/rate-limit.plugin.ts';
import { createCallsRepository } from '../calls/calls.repository.ts';
import { toOwnerCall } from '../calls/calls.service.ts';
import { createMessagesRepository } from '../messages/messages.repository.ts';
import { createScanEventHub, type ScanEventHub } from './scan-events.ts';
import { createScansRepository, type ScansRepository } from './scans.repository.ts';
import { scanRateLimits } from './scans.routes.ts';
import { createScansService, type ScansService } from './scans.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    scans: {
      service: ScansService;
      hub: ScanEventHub;
      repository: ScansRepository;
      /** The limits on reading a scan session, which the server-rendered scan page counts too. */
      sessionLimits: readonly RateLimitOptions[];
    };
  }
}

/**
 * The scans service and the live-event hub, one per app: the scan calls under /api use them
 * (scans.routes.ts), and so does the server-rendered scan page (plugins/web-app.ts), which reads
 * the session as GET /api/scans/{scanId} does.
 */
export const scansPlugin = fp(
  async (app: FastifyInstance) => {
    const hub = createScanEventHub(app.database, app.log);
    const repository = createScansRepository(app.database.db, {
      prepareStatements: app.database.kind === 'pglite',
    });
    const calls = createCallsRepository(app.database.db);
    const messages = createMessagesRepository(app.database.db);
    const service = createScansService(repository, {
      sessionSeconds: app.config.scanSessionSeconds,
      // An embedded PGlite database belongs to this process alone: with nobody listening here,
      // nobody listens anywhere, and the notifications are skipped. PostgreSQL always announces,
      // for the other replicas.
      shouldAnnounce: () => app.database.kind !== 'pglite' || hub.isListening(),
      onAlertWritten: () => app.alerts.dispatcher.kick(),
      onBatch: (size) => app.metrics.scanBatchSize.observe(size),
      activityOf: async (scanIds) => {
        const activity = new Map<string, { calls?: OwnerCall[]; messageCount?: number }>();
        for (const call of await calls.ofScans(scanIds)) {
          const entry = activity.get(call.scan_id) ?? {};
          (entry.calls ??= []).push(toOwnerCall(call));
          activity.set(call.scan_id, entry);
        }
        for (const [scanId, messageCount] of await messages.countsOfScans(scanIds)) {
          activity.set(scanId, { ...activity.get(scanId), messageCount });
        }
        return activity;
      },
    });
    app.decorate('scans', {
      service,
      hub,
      repository,
      sessionLimits: [scanRateLimits.session, scanRateLimits.sessionPerAddress],
    });
    // Scans still being written commit before the server goes (before the alert dispatcher
    // closes: it was registered first, so it closes after).
    app.addHook('onClose', async () => {
      await service.drain();
      await hub.close();
    });
  },
  { name: 'scans', dependencies: ['database', 'metrics', 'alerts'] },
);
