/**
 * Secrets typed or piped to the admin command: never echoed, never printed back.
 */

/** The first line of standard input (a password piped in). */
export async function readStdinLine(input: NodeJS.ReadStream = process.stdin): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/**
 * Asks for a secret on the terminal without echoing it (raw mode: Enter ends, Backspace erases, Ctrl-C or
 * Ctrl-D gives up). Reads the first line of standard input when it is no terminal.
 * @throws Error "cancelled" on Ctrl-C or Ctrl-D.
 */
export async function askSecret(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) return readStdinLine(input);
  output.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  try {
    return await new Promise<string>((resolve, reject) => {
      let secret = '';
      const onData = (chunk: string) => {
        for (const ch of chunk) {
          if (ch === '\r' || ch === '\n') return done(() => resolve(secret));
          if (ch === '\u0003' || ch === '\u0004') return done(() => reject(new Error('cancelled')));
          if (ch === '\u007f' || ch === '\b') secret = secret.slice(0, -1);
          else secret += ch;
        }
      };
      const done = (settle: () => void) => {
        input.off('data', onData);
        settle();
      };
      input.on('data', onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    output.write('\n');
  }
}
