import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Certificates made with openssl for TLS tests: a CA of the test's own, and a server certificate it signs
 * for 127.0.0.1 and localhost. Keys are P-256, valid two days, in the folder given.
 */

const openssl = (args: string[]) => promisify(execFile)('openssl', args, { timeout: 60_000 });

/** A PEM certificate with its key, and the certificate's file. */
export interface Pem {
  cert: string;
  key: string;
  certFile: string;
}

/** A new self-signed CA named `name`, in `dir` as `<name>.crt` and `<name>.key`. */
export async function makeCa(dir: string, name: string): Promise<Pem> {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  await openssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
      .concat(['-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=Rinkside test ${name}`])
      .concat(['-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']),
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}

/** A server certificate for `names` (default 127.0.0.1 and localhost) signed by `ca`, in `dir` as `<name>.crt`
 * and `<name>.key`. */
export async function makeServerCert(
  dir: string,
  ca: Pem,
  name: string,
  names = 'IP:127.0.0.1,DNS:localhost',
): Promise<Pem> {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  const csr = join(dir, `${name}.csr`);
  const ext = join(dir, `${name}.ext`);
  writeFileSync(
    ext,
    `subjectAltName=${names}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n`,
  );
  await openssl(
    ['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'].concat([
      '-keyout',
      keyFile,
      '-out',
      csr,
      '-subj',
      '/CN=localhost',
    ]),
  );
  await openssl(
    ['x509', '-req', '-in', csr, '-CA', ca.certFile, '-CAkey', ca.certFile.replace(/\.crt$/, '.key')].concat([
      '-CAcreateserial',
      '-out',
      certFile,
      '-days',
      '2',
      '-extfile',
      ext,
    ]),
  );
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}
