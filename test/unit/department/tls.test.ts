import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addScout, generatePassword } from '../../../department/admin/scouts.ts';
import { installTls } from '../../../department/cluster/local-cluster.ts';
import { connectionPolicy, sslOptions } from '../../../department/connection.ts';
import { migrate } from '../../../department/migrate.ts';
import { makeCa, makeServerCert, type Pem } from './certs.ts';
import { start, type TestCluster } from './cluster.ts';
import { refusal } from './department.ts';

/**
 * TLS to a real server with a certificate this test made (openssl): verified against its CA the scout
 * connects; against another CA, or for a name the certificate does not carry, `pg` refuses before any
 * password is sent. The `ssl` options come from the same policy the app uses (department/connection.ts).
 */

let certs: string;
let caA: Pem;
let caB: Pem;
let cluster: TestCluster;
const password = generatePassword();

beforeAll(async () => {
  certs = mkdtempSync(join(tmpdir(), 'rinkside-certs-'));
  caA = await makeCa(certs, 'ca-a');
  caB = await makeCa(certs, 'ca-b');
  const server = await makeServerCert(certs, caA, 'server');
  cluster = await start({ tls: server });
  const admin = await cluster.adminClient();
  await migrate(admin);
  await addScout(admin, 'scout_tls', password);
});
afterAll(async () => {
  await cluster?.stop();
  if (certs) rmSync(certs, { recursive: true, force: true });
});

const sslFor = (host: string, caFile: string) =>
  sslOptions(connectionPolicy({ host, caFile }), (f) => readFileSync(f, 'utf8')) || undefined;

describe('TLS with a certificate of our own CA', () => {
  it.each(['127.0.0.1', 'localhost'])('connects to %s verifying the certificate against that CA', async (host) => {
    const client = await cluster.clientAs('scout_tls', password, { host, ssl: sslFor(host, caA.certFile) });
    const { rows } = await client.query(
      'SELECT ssl, current_user AS who FROM pg_stat_ssl, current_user WHERE pid = pg_backend_pid()',
    );
    expect(rows).toEqual([{ ssl: true, who: 'scout_tls' }]);
  });

  it('is refused when verifying against a certificate of another CA', async () => {
    const err = await refusal(cluster.clientAs('scout_tls', password, { ssl: sslFor('127.0.0.1', caB.certFile) }));
    expect(err?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(err?.message).toMatch(/^unable to verify the first certificate/);
  });

  it("is refused against the CAs Node trusts (a server's own CA must be named)", async () => {
    const ssl = sslOptions({ tls: true, caFile: null }, () => '') || undefined;
    const err = await refusal(cluster.clientAs('scout_tls', password, { ssl }));
    expect(err?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  it('is refused when the certificate does not name the host connected to', async () => {
    // Same CA, but a certificate for localhost only, in place of the first one.
    const localhostOnly = await makeServerCert(certs, caA, 'localhost-only', 'DNS:localhost');
    await installTls(cluster.info.dir, localhostOnly);
    await cluster.restart();
    const err = await refusal(cluster.clientAs('scout_tls', password, { ssl: sslFor('127.0.0.1', caA.certFile) }));
    expect(err?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(err?.message).toMatch(
      /^Hostname\/IP does not match certificate's altnames: IP: 127\.0\.0\.1 is not in the cert's list/,
    );
    const byName = await cluster.clientAs('scout_tls', password, {
      host: 'localhost',
      ssl: sslFor('localhost', caA.certFile),
    });
    expect((await byName.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
