/**
 * How the tests and the benches start Chromium: Debian's package (browsers cannot be downloaded on these
 * machines), headless in a container without a GPU, with no background traffic of its own.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
} as const;
