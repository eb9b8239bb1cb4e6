import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleJob } from '../../lib/schedule-job.ts';
import { preferredLanguage } from '../../lib/language.ts';
import { planReminderMail } from './plan-reminder-mail.ts';
import { createPlanRemindersRepository } from './plan-reminders.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    planReminders: {
      /** Sends every reminder due at `now`; answers how many went out. */
      runOnce(now?: Date): Promise<number>;
    };
  }
}

/** The job's first round a little after start, then every 5 minutes. */
const FIRST_RUN_MS = 30_000;
const EVERY_MS = 5 * 60_000;
/** How long a claimed reminder is held: a failed or crashed send is retried after it. */
export const REMINDER_LEASE_MS = 2 * 60_000;
const BATCH = 50;

/**
 * Reminder mails 7 days and 1 day before a Premium or Business plan ends, each once per plan end
 * (a renewal moves the end, so the next period gets its own). Every replica runs the job; claims
 * are leased with `FOR UPDATE SKIP LOCKED`, so each reminder is sent by one of them, and at least
 * once: a send that fails (or a replica that dies) leaves it to be claimed again when the lease
 * runs out. The mail's Message-ID is fixed per account, plan end and reminder, so a repeat after
 * a crash is one message to mail clients.
 */
export const planRemindersPlugin = fp(
  async (app: FastifyInstance, options: { schedule?: boolean }) => {
    const repository = createPlanRemindersRepository(app.database.db);
    const log = app.log.child({ module: 'plan-reminders' });
    const mailHost = app.config.siteHost.replace(/:\d+$/, '');

    const runOnce = async (now = new Date()) => {
      let sent = 0;
      for (;;) {
        const due = await repository.claimDue(
          now,
          new Date(now.getTime() + REMINDER_LEASE_MS),
          BATCH,
        );
        for (const reminder of due) {
          const language = preferredLanguage(reminder.language);
          const period = (reminder.paidPeriod ?? 'YEARLY').toLowerCase();
          const mail = planReminderMail(language, {
            ...reminder,
            renewUrl: `${app.config.publicUrl}/checkout?plan=${reminder.paidPlan}&period=${period}`,
          });
          try {
            await app.mailer.send({
              to: reminder.email,
              ...mail,
              messageId: `<plan-reminder-${reminder.days}-${reminder.userId}-${reminder.expiresAt.getTime()}@${mailHost}>`,
            });
            await repository.markSent(reminder);
            sent += 1;
          } catch (error) {
            log.warn(
              { err: error, userId: reminder.userId },
              'plan reminder not sent: retried later',
            );
          }
        }
        if (due.length < BATCH) return sent;
      }
    };
    app.decorate('planReminders', { runOnce });

    if (options.schedule === false) return;
    scheduleJob(app, {
      name: 'plan reminders',
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      run: async () => {
        const sent = await runOnce();
        if (sent) log.info({ sent }, 'plan reminders sent');
      },
    });
  },
  { name: 'plan-reminders', dependencies: ['database', 'mail'] },
);
