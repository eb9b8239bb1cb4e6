import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = (name: string) =>
  z
    .string()
    .trim()
    .url(`${name} must be a URL such as https://carecode.example`)
    .transform((v) => v.replace(/\/+$/, ''));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number between 0 and 65535' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(8080),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PUBLIC_URL: url('PUBLIC_URL').optional(),
    API_BASE_URL: url('API_BASE_URL').optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    OIDC_ISSUER: url('OIDC_ISSUER').optional(),
    OIDC_CLIENT_ID: optionalString,
    OIDC_LOGOUT_URL: url('OIDC_LOGOUT_URL').optional(),
    PAYMENT_GATEWAY: z
      .enum(['sandbox', 'phonepe'], { error: 'PAYMENT_GATEWAY must be sandbox or phonepe' })
      .default('sandbox'),
    PHONEPE_CLIENT_ID: optionalString,
    PHONEPE_CLIENT_SECRET: optionalString,
    PHONEPE_CLIENT_VERSION: optionalString,
    PHONEPE_ENV: z
      .enum(['sandbox', 'production'], { error: 'PHONEPE_ENV must be sandbox or production' })
      .default('sandbox'),
    PHONEPE_BASE_URL: url('PHONEPE_BASE_URL').optional(),
    PHONEPE_WEBHOOK_USERNAME: optionalString,
    PHONEPE_WEBHOOK_PASSWORD: optionalString,
    CALL_GATEWAY: z
      .enum(['sandbox', 'exotel'], { error: 'CALL_GATEWAY must be sandbox or exotel' })
      .default('sandbox'),
    EXOTEL_API_KEY: optionalString,
    EXOTEL_API_TOKEN: optionalString,
    EXOTEL_ACCOUNT_SID: optionalString,
    EXOTEL_CALLER_ID: optionalString,
    EXOTEL_BASE_URL: url('EXOTEL_BASE_URL').default('https://api.in.exotel.com'),
    ALLOW_SANDBOX_PAYMENTS: z
      .enum(['true', 'false'], { error: 'ALLOW_SANDBOX_PAYMENTS must be true or false' })
      .default('false'),
    SCAN_SESSION_SECONDS: z.coerce
      .number({ error: 'SCAN_SESSION_SECONDS must be a number of seconds' })
      .int('SCAN_SESSION_SECONDS must be a whole number of seconds')
      .min(1, 'SCAN_SESSION_SECONDS must be at least 1')
      .max(86400, 'SCAN_SESSION_SECONDS must be at most 86400')
      .default(180),
    TRUST_PROXY: optionalString,
    RATE_LIMITS: z.enum(['on', 'off'], { error: 'RATE_LIMITS must be on or off' }).default('on'),
    SUPPORT_EMAIL: z.string().trim().email('SUPPORT_EMAIL must be an e-mail address').optional(),
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be smtp://user:pass@host:port or smtps://…')
      .optional(),
    MAIL_FROM: optionalString,
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{86,88}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{42,44}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
      .optional(),
    SITE_HOST: optionalString,
    LOCATION_RETENTION_DAYS: z.coerce
      .number({ error: 'LOCATION_RETENTION_DAYS must be a whole number of days' })
      .int('LOCATION_RETENTION_DAYS must be a whole number of days')
      .min(1, 'LOCATION_RETENTION_DAYS must be at least 1')
      .max(3650, 'LOCATION_RETENTION_DAYS must be at most 3650')
      .default(90),
    SCAN_RETENTION_DAYS: z.coerce
      .number({ error: 'SCAN_RETENTION_DAYS must be a whole number of days' })
      .int('SCAN_RETENTION_DAYS must be a whole number of days')
      .min(1, 'SCAN_RETENTION_DAYS must be at least 1')
      .max(36500, 'SCAN_RETENTION_DAYS must be at most 36500')
      .default(730),
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, 'METRICS_TOKEN must be at least 16 characters')
      .optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST: optionalString,
    OIDC_JWKS: optionalString,
    OIDC_COOKIE_KEYS: optionalString,
  })
  .superRefine((env, ctx) => {
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_CLIENT_ID'],
        message: 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
      });
    }
    // The sandbox checkout lets anyone 'pay' without money: never by accident in production.
    if (
      env.PAYMENT_GATEWAY === 'sandbox' &&
      env.NODE_ENV === 'production' &&
      env.ALLOW_SANDBOX_PAYMENTS !== 'true'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_GATEWAY'],
        message:
          'PAYMENT_GATEWAY is sandbox while NODE_ENV is production: set phonepe, or ALLOW_SANDBOX_PAYMENTS=true for a demo',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `${missing} is required with ${missing === 'VAPID_PUBLIC_KEY' ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'} (give both, or neither to generate a pair)`,
      });
    }
    if (env.CALL_GATEWAY === 'exotel') {
      for (const key of [
        'EXOTEL_API_KEY',
        'EXOTEL_API_TOKEN',
        'EXOTEL_ACCOUNT_SID',
        'EXOTEL_CALLER_ID',
      ] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required when CALL_GATEWAY is exotel`,
          });
        }
      }
    }
    if (env.PAYMENT_GATEWAY === 'phonepe') {
      // Without the webhook credentials every PhonePe callback would be refused.
      for (const key of [
        'PHONEPE_CLIENT_ID',
        'PHONEPE_CLIENT_SECRET',
        'PHONEPE_CLIENT_VERSION',
        'PHONEPE_WEBHOOK_USERNAME',
        'PHONEPE_WEBHOOK_PASSWORD',
      ] as const) {
        if (!env[key]) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required when PAYMENT_GATEWAY is phonepe`,
          });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Derived from PORT when unset; with PORT=0 the server fills it in once it listens. */
  publicUrl: string;
  apiBaseUrl: string;
  dataDir: string;
  databaseUrl?: string;
  oidc: {
    issuer?: string;
    clientId: string;
    logoutUrl?: string;
    jwks?: string;
    cookieKeys?: string;
  };
  payments: {
    gateway: Env['PAYMENT_GATEWAY'];
    phonepe: {
      clientId?: string;
      clientSecret?: string;
      clientVersion?: string;
      env: Env['PHONEPE_ENV'];
      baseUrl?: string;
      webhookUsername?: string;
      webhookPassword?: string;
    };
  };
  /** The masked call bridge: sandbox dials nobody; exotel connects through a virtual number. */
  calls: {
    gateway: Env['CALL_GATEWAY'];
    exotel: {
      apiKey?: string;
      apiToken?: string;
      accountSid?: string;
      callerId?: string;
      baseUrl: string;
    };
  };
  scanSessionSeconds: number;
  trustProxy?: string;
  rateLimits: boolean;
  supportEmail: string;
  siteHost: string;
  mail: {
    /** Unset: every mail is written as an .eml file under DATA_DIR/outbox/. */
    smtpUrl?: string;
    from: string;
  };
  /** Web Push: a given VAPID pair (else one is generated and kept), and the contact it names. */
  push: {
    vapidPublicKey?: string;
    vapidPrivateKey?: string;
    vapidSubject: string;
  };
  /** Days a scanner's shared location, and a scan itself, are kept. */
  retention: { locationDays: number; scanDays: number };
  /** Bearer token for /metrics; unset = no metrics route. */
  metricsToken?: string;
  logLevel: Env['LOG_LEVEL'];
  /** Built web app to serve; undefined = apps/web/dist. */
  webDist?: string;
  /** True when the in-memory test database is used. */
  inMemoryDb?: boolean;
}

export const BUILT_IN_CLIENT_ID = 'carecode-web';

export class ConfigError extends Error {}

/** Parses the environment once; the first problem is reported as one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    throw new ConfigError(`Invalid configuration: ${message}`);
  }
  const env = result.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const siteHost = env.SITE_HOST ?? new URL(publicUrl).host;
  const supportEmail = env.SUPPORT_EMAIL ?? `support@${siteHost.replace(/:\d+$/, '')}`;
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    apiBaseUrl: env.API_BASE_URL ?? `${publicUrl}/api`,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID ?? BUILT_IN_CLIENT_ID,
      logoutUrl: env.OIDC_LOGOUT_URL,
      jwks: env.OIDC_JWKS,
      cookieKeys: env.OIDC_COOKIE_KEYS,
    },
    payments: {
      gateway: env.PAYMENT_GATEWAY,
      phonepe: {
        clientId: env.PHONEPE_CLIENT_ID,
        clientSecret: env.PHONEPE_CLIENT_SECRET,
        clientVersion: env.PHONEPE_CLIENT_VERSION,
        env: env.PHONEPE_ENV,
        baseUrl: env.PHONEPE_BASE_URL,
        webhookUsername: env.PHONEPE_WEBHOOK_USERNAME,
        webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD,
      },
    },
    calls: {
      gateway: env.CALL_GATEWAY,
      exotel: {
        apiKey: env.EXOTEL_API_KEY,
        apiToken: env.EXOTEL_API_TOKEN,
        accountSid: env.EXOTEL_ACCOUNT_SID,
        callerId: env.EXOTEL_CALLER_ID,
        baseUrl: env.EXOTEL_BASE_URL.replace(/\/+$/, ''),
      },
    },
    scanSessionSeconds: env.SCAN_SESSION_SECONDS,
    trustProxy: env.TRUST_PROXY,
    rateLimits: env.RATE_LIMITS === 'on',
    supportEmail,
    siteHost,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `CareCode <no-reply@${siteHost.replace(/:\d+$/, '')}>`,
    },
    push: {
      vapidPublicKey: env.VAPID_PUBLIC_KEY,
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidSubject: env.VAPID_SUBJECT ?? `mailto:${supportEmail}`,
    },
    retention: {
      locationDays: env.LOCATION_RETENTION_DAYS,
      scanDays: env.SCAN_RETENTION_DAYS,
    },
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
  };
}
