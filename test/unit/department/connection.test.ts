import { connectionPolicy, isLoopback, sslOptions, type TransportPolicy } from '../../../department/connection.ts';

/**
 * The transport rule, pure: in the clear on this computer only; anywhere else TLS with the certificate and
 * the name verified, never off. Hostile names that merely look local must get TLS.
 */

const PLAIN: TransportPolicy = { tls: false };
const SYSTEM_CAS: TransportPolicy = { tls: true, caFile: null };
const OWN_CA: TransportPolicy = { tls: true, caFile: '/etc/rinkside/ca.pem' };

const CASES: readonly [host: string, caFile: string | null, loopback: boolean, expected: TransportPolicy][] = [
  ['127.0.0.1', null, true, PLAIN],
  ['127.8.9.10', null, true, PLAIN],
  ['localhost', null, true, PLAIN],
  ['LocalHost', null, true, PLAIN],
  ['::1', null, true, PLAIN],
  ['0:0:0:0:0:0:0:1', null, true, PLAIN],
  ['::ffff:127.0.0.1', null, true, PLAIN],
  ['/var/run/postgresql', null, true, PLAIN],
  ['127.0.0.1', '  ', true, PLAIN],
  ['127.0.0.1', '/etc/rinkside/ca.pem', true, OWN_CA],
  ['localhost', '/etc/rinkside/ca.pem', true, OWN_CA],
  ['db.department.example', null, false, SYSTEM_CAS],
  ['db.department.example', '/etc/rinkside/ca.pem', false, OWN_CA],
  ['10.0.0.5', null, false, SYSTEM_CAS],
  ['192.168.1.20', '/etc/rinkside/ca.pem', false, OWN_CA],
  ['0.0.0.0', null, false, SYSTEM_CAS],
  ['128.0.0.1', null, false, SYSTEM_CAS],
  ['127.1', null, false, SYSTEM_CAS],
  ['localhost.', null, false, SYSTEM_CAS],
  ['localhost.evil.example', null, false, SYSTEM_CAS],
  ['127.0.0.1.nip.io', null, false, SYSTEM_CAS],
  ['evil-localhost', null, false, SYSTEM_CAS],
  ['[::1]', null, false, SYSTEM_CAS],
  ['::ffff:10.0.0.1', null, false, SYSTEM_CAS],
  ['fe80::1', null, false, SYSTEM_CAS],
  ['relative/socket', null, false, SYSTEM_CAS],
];

describe('connectionPolicy', () => {
  it.each(CASES)('%s (CA %s): loopback %s → %o', (host, caFile, loopback, expected) => {
    expect(isLoopback(host)).toBe(loopback);
    expect(connectionPolicy({ host, caFile })).toEqual(expected);
  });

  it.each(['', ' localhost', 'local host', 'localhost\n', 'db\u0000.example'])('refuses the host %j', (host) => {
    expect(() => connectionPolicy({ host })).toThrow('is not a server');
  });
});

describe('sslOptions', () => {
  const read = (file: string) => `PEM of ${file}`;

  it('is off only for the plain policy, and verifies whenever TLS is on', () => {
    expect(sslOptions(PLAIN, read)).toBe(false);
    expect(sslOptions(SYSTEM_CAS, read)).toEqual({ rejectUnauthorized: true });
    expect(sslOptions(OWN_CA, read)).toEqual({ ca: 'PEM of /etc/rinkside/ca.pem', rejectUnauthorized: true });
    for (const [host, caFile] of CASES) {
      const ssl = sslOptions(connectionPolicy({ host, caFile }), read);
      if (ssl !== false) expect(ssl.rejectUnauthorized).toBe(true);
    }
  });
});
