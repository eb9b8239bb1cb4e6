import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundary rules of eslint.config.js, each shown to reject a bad import (and to let the
 * right one through), by linting a made-up file at a real place in the tree.
 */
const eslint = new ESLint({ cwd: import.meta.dirname });

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe('import boundaries', { timeout: 60_000 }, () => {
  it('rejects a feature importing the app layer, written without an extension', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/features/scans/components/x.tsx',
        "import { router } from '../../../app/router';\nexport const r = router;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
  });

  it('rejects a feature importing another feature', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/features/account/components/x.tsx',
        "import { CheckoutPage } from '../../billing/components/checkout-page';\nexport const c = CheckoutPage;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
  });

  it('lets a feature import its own files, components and lib', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/features/account/components/x.tsx',
        [
          "import { AccountTabs } from './account-tabs';",
          "import { Button } from '../../../components/ui/button';",
          "import { apiFetch } from '../../../lib/api-client';",
          'export const all = [AccountTabs, Button, apiFetch];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('rejects shared components importing a feature', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/components/ui/x.tsx',
        "import { QrTile } from '../../features/qr-codes/components/qr-tile';\nexport const q = QrTile;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
  });

  it('rejects an import that resolves nowhere', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/features/scans/components/x.tsx',
        "import { nothing } from '../../../lib/no-such-file';\nexport const n = nothing;\n",
      ),
    ).toEqual(['import/no-unresolved']);
  });

  it('rejects the domain importing anything but zod', async () => {
    expect(
      await rulesBroken(
        'packages/domain/src/x.ts',
        "import { z } from 'zod';\nimport { sql } from 'drizzle-orm';\nexport const both = [z, sql];\n",
      ),
    ).toEqual(['no-restricted-imports']);
  });

  it('rejects the web app importing the server', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/lib/x.ts',
        "import { AppError } from '../../../server/src/lib/app-error';\nexport const e = AppError;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
  });

  it("lets a browser journey use the server's test doubles, but no other server code", async () => {
    expect(
      await rulesBroken(
        'apps/web/e2e/x.spec.ts',
        "import { startPushEndpoint } from '../../server/test/push-endpoint.ts';\nexport const s = startPushEndpoint;\n",
      ),
    ).toEqual([]);
    expect(
      await rulesBroken(
        'apps/web/e2e/x.spec.ts',
        "import { AppError } from '../../server/src/lib/app-error.ts';\nexport const e = AppError;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
  });

  it('rejects a server module other than a repository querying the database', async () => {
    const code = [
      "import { sql } from 'drizzle-orm';",
      "import { scans } from '../../db/schema/index.ts';",
      'export const both = [sql, scans];',
      '',
    ].join('\n');
    expect(await rulesBroken('apps/server/src/modules/scans/x.service.ts', code)).toEqual([
      '@typescript-eslint/no-restricted-imports',
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await rulesBroken('apps/server/src/modules/scans/x.repository.ts', code)).toEqual([]);
  });

  it('lets a service name the database type', async () => {
    expect(
      await rulesBroken(
        'apps/server/src/modules/scans/x.service.ts',
        "import type { Database } from '../../db/client.ts';\nexport type D = Database;\n",
      ),
    ).toEqual([]);
  });

  it('rejects a plugin importing a module', async () => {
    expect(
      await rulesBroken(
        'apps/server/src/plugins/x.ts',
        "import { toScan } from '../modules/scans/scans.service.ts';\nexport const s = toScan;\n",
      ),
    ).toEqual(['import/no-restricted-paths']);
  });
});
