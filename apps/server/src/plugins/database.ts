import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

export const databasePlugin = fp(
  async (app: FastifyInstance, options: { config: Config; database: Database }) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
  },
  { name: 'database' },
);
