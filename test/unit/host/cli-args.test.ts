import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../electron/host/common/paths.ts';
import { parseCliArgs } from '../../../electron/host/shell/cli-args.ts';

describe('parseCliArgs', () => {
  it('defaults', () => {
    expect(parseCliArgs([])).toEqual({ noOpen: false, port: 0, verbose: false, browser: false });
  });
  it('every flag', () => {
    expect(
      parseCliArgs([
        '--no-open',
        '--port',
        '4173',
        '--db',
        'x.sqlite',
        '--keys',
        'k.json',
        '--data-dir',
        '/d',
        '--verbose',
      ]),
    ).toEqual({
      noOpen: true,
      port: 4173,
      db: 'x.sqlite',
      keys: 'k.json',
      dataDir: '/d',
      verbose: true,
      browser: false,
    });
    expect(parseCliArgs(['--base-url=https://h.example/v1', '--browser'])).toMatchObject({
      baseUrl: 'https://h.example/v1',
      browser: true,
    });
  });
  it.each([
    [['--port', 'abc'], /--port abc/],
    [['--port', '70000'], /--port 70000/],
    [['--port', '-1'], /port/],
    [['--db', 'a', '--base-url', 'https://h/v1'], /--db or --base-url/],
    [['--what'], /Unknown option/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
  it('Electron mode ignores switches it does not know (Chromium adds its own)', () => {
    expect(parseCliArgs(['--no-sandbox', '--db', 'x.sqlite', 'positional'], false)).toMatchObject({ db: 'x.sqlite' });
  });
});

describe('defaultDataDir', () => {
  it('follows XDG_DATA_HOME on Linux, else ~/.local/share', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/x/data' }, 'linux')).toBe('/x/data/rinkside');
    expect(defaultDataDir({ XDG_DATA_HOME: 'relative' }, 'linux')).toMatch(/\/\.local\/share\/rinkside$/);
    expect(defaultDataDir({}, 'linux')).toMatch(/\/\.local\/share\/rinkside$/);
  });
  it('uses the platform folders on macOS and Windows', () => {
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/Rinkside$/);
    expect(defaultDataDir({ APPDATA: 'C:/Users/s/AppData/Roaming' }, 'win32')).toMatch(/Roaming.Rinkside$/);
  });
});
