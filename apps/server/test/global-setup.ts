import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestCertificate } from './push-endpoint.ts';

/**
 * A throwaway certificate for the tests' local push service, trusted by every test worker (and
 * the server processes they start): NODE_EXTRA_CA_CERTS is read when a process starts, and the
 * workers start after this, with this environment.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'carecode-push-cert-'));
  const certificate = await createTestCertificate(dir);
  process.env.NODE_EXTRA_CA_CERTS = certificate.certFile;
  process.env.PUSH_TEST_CERT_FILE = certificate.certFile;
  process.env.PUSH_TEST_KEY_FILE = certificate.keyFile;
  return () => rmSync(dir, { recursive: true, force: true });
}
