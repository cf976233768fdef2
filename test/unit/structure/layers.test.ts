import { graphOf, importGraph, importsOf, REPO_ROOT, SOURCE_ROOTS } from './import-graph.ts';
import { LAYER_RULES, topOf } from './rules.ts';

/**
 * DESIGN.md's layering, enforced on the import graph read from the sources: a wrong arrow fails with its
 * file, line and arrow. The second half proves each rule catches the arrows it forbids, on small in-memory
 * sources, so a rule that silently checks nothing cannot pass.
 */

const graph = importGraph(REPO_ROOT);

describe('the import graph of this repository', () => {
  it('is read from every source folder that exists, with the imports of each', () => {
    const folders = new Set(graph.files.map(topOf));
    for (const dir of ['shared', 'service', 'electron', 'renderer', 'department', 'bench', 'scripts', 'test']) {
      expect(folders.has(dir), `${dir}/ has sources`).toBe(true);
      expect(
        graph.edges.some((e) => topOf(e.file) === dir),
        `${dir}/ has imports`,
      ).toBe(true);
    }
    expect(SOURCE_ROOTS).toContain('store');
  });

  it.each(LAYER_RULES.map((r) => [r.name, r] as const))('%s', (_name, rule) => {
    expect(rule.violations(graph)).toEqual([]);
  });
});

describe('the import reader', () => {
  it('reads static, side-effect, re-export and dynamic imports with their lines, and skips comments and strings', () => {
    const source = [
      "import type { A } from './a.ts';",
      "// import { no } from './comment.ts';",
      "import x, { type B } from 'zod';",
      'const s = "import(\'./string.ts\')";',
      "import './style.css';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      'import {',
      '  e,',
      "} from '../e.ts';",
      "const lazy = () => import('./lazy.tsx');",
    ].join('\n');
    const edges = importsOf('renderer/app/x.ts', source).map((e) => [e.line, e.spec, e.target, e.typeOnly, e.kind]);
    expect(edges).toEqual([
      [1, './a.ts', 'renderer/app/a.ts', true, 'import'],
      [3, 'zod', null, false, 'import'],
      [5, './style.css', 'renderer/app/style.css', false, 'import'],
      [6, './c.ts', 'renderer/app/c.ts', false, 'export'],
      [7, './d.ts', 'renderer/app/d.ts', true, 'export'],
      [8, '../e.ts', 'renderer/e.ts', false, 'import'],
      [11, './lazy.tsx', 'renderer/app/lazy.tsx', false, 'dynamic'],
    ]);
  });
});

/** Each rule and a wrong arrow it must catch: the sources and the line it must print (file:line and arrow). */
const WRONG_ARROWS: readonly { rule: string; sources: Record<string, string>; expected: string }[] = [
  {
    rule: 'shared/ imports nothing but',
    sources: { 'shared/a.ts': "import { x } from 'zod';\nimport { readFileSync } from 'node:fs';" },
    expected: "shared/a.ts:2  shared/ → node:fs  (import 'node:fs')",
  },
  {
    rule: 'shared/ imports nothing but',
    sources: { 'shared/a.ts': "import type { R } from '../renderer/state/x.ts';", 'renderer/state/x.ts': '' },
    expected: "shared/a.ts:1  shared/ → renderer/  (import '../renderer/state/x.ts')",
  },
  {
    rule: 'service/ imports only',
    sources: { 'service/a.ts': "\nimport { s } from '../store/index.ts';", 'store/index.ts': '' },
    expected: "service/a.ts:2  service/ → store/  (import '../store/index.ts')",
  },
  {
    rule: 'store/ imports only',
    sources: { 'store/db.ts': "import { x } from '../electron/host/paths.ts';", 'electron/host/paths.ts': '' },
    expected: "store/db.ts:1  store/ → electron/  (import '../electron/host/paths.ts')",
  },
  {
    rule: 'electron/ imports only',
    sources: { 'electron/host/a.ts': "import { s } from '../../service/server.ts';", 'service/server.ts': '' },
    expected: "electron/host/a.ts:1  electron/ → service/  (import '../../service/server.ts')",
  },
  {
    rule: 'department/ imports only',
    sources: { 'department/sync/a.ts': "import { s } from '../../store/index.ts';", 'store/index.ts': '' },
    expected: "department/sync/a.ts:1  department/ → store/  (import '../../store/index.ts')",
  },
  {
    rule: 'department/ uses no package but',
    sources: { 'department/a.ts': "import pg from 'pg';\nimport { z } from 'zod';" },
    expected: "department/a.ts:2  department/ → zod  (import 'zod')",
  },
  {
    rule: 'store/ imports only',
    sources: { 'store/sync.ts': "import { push } from '../department/sync/push.ts';", 'department/sync/push.ts': '' },
    expected: "store/sync.ts:1  store/ → department/  (import '../department/sync/push.ts')",
  },
  {
    rule: 'renderer/ imports only',
    sources: {
      'renderer/bridge/a.ts': "export { k } from '../../electron/host/keychain.ts';",
      'electron/host/keychain.ts': '',
    },
    expected: "renderer/bridge/a.ts:1  renderer/ → electron/  (export '../../electron/host/keychain.ts')",
  },
  {
    rule: 'store/ is reached through its public entry only',
    sources: { 'electron/host/sync.ts': "import { q } from '../../store/queries.ts';", 'store/queries.ts': '' },
    expected:
      "electron/host/sync.ts:1  electron/ → store/queries.ts (not store/index.ts)  (import '../../store/queries.ts')",
  },
  {
    rule: 'store/ is reached through its public entry only',
    sources: { 'bench/players.ts': "import { q } from '../store/queries.ts';", 'store/queries.ts': '' },
    expected: "bench/players.ts:1  bench/ → store/queries.ts (not store/index.ts)  (import '../store/queries.ts')",
  },
  {
    rule: 'store/ is its entry',
    sources: { 'store/index.ts': '', 'store/db.ts': '', 'store/cache/open.ts': '' },
    expected: 'store/db.ts:1  outside cache/, lists/, common/',
  },
  {
    rule: 'inside store/, common/ imports neither',
    sources: { 'store/common/db.ts': "import { m } from '../cache/meta.ts';", 'store/cache/meta.ts': '' },
    expected: "store/common/db.ts:1  common/ → cache/  (import '../cache/meta.ts')",
  },
  {
    rule: 'inside store/, common/ imports neither',
    sources: { 'store/cache/open.ts': "import type { L } from '../lists/api.ts';", 'store/lists/api.ts': '' },
    expected: "store/cache/open.ts:1  cache/ → lists/  (import '../lists/api.ts')",
  },
  {
    rule: 'inside store/, common/ imports neither',
    sources: {
      'store/lists/entries.ts': "import { envelope } from '../cache/players/read.ts';",
      'store/cache/players/read.ts': '',
    },
    expected:
      "store/lists/entries.ts:1  lists/ → store/cache/players/read.ts (not store/cache/read-only.ts)  (import '../cache/players/read.ts')",
  },
  {
    rule: 'renderer/ runs in the page',
    sources: { 'renderer/state/a.ts': "import { join } from 'node:path';" },
    expected: "renderer/state/a.ts:1  renderer/ → node:path  (import 'node:path')",
  },
  {
    rule: 'renderer/ never loads zod',
    sources: {
      'renderer/bridge/client.ts':
        "import type { Bridge } from '../../shared/bridge/bridge.ts';\nimport { OPS } from '../../shared/bridge/ops.ts';",
      'shared/bridge/bridge.ts': "import { z } from 'zod';",
      'shared/bridge/ops.ts': "export { S } from './settings.ts';",
      'shared/bridge/settings.ts': "import { z } from 'zod';",
    },
    expected:
      "renderer/bridge/client.ts:2  renderer/ → shared/bridge/ops.ts → shared/bridge/settings.ts → zod  (import '../../shared/bridge/ops.ts')",
  },
  {
    rule: 'renderer/ never loads zod',
    sources: {
      'renderer/views/x/X.tsx': "const s = () => import('../../../shared/domain/lists.ts');",
      'shared/domain/lists.ts': "import { z } from 'zod';",
    },
    expected:
      "renderer/views/x/X.tsx:1  renderer/ → shared/domain/lists.ts → zod  (import('../../../shared/domain/lists.ts'))",
  },
  {
    rule: 'electron/preload.ts never loads zod',
    sources: {
      'electron/preload.ts':
        "import type { Bridge } from '../shared/bridge/bridge.ts';\nimport { OPS } from '../shared/bridge/bridge-ops.ts';",
      'shared/bridge/bridge.ts': "import { z } from 'zod';",
      'shared/bridge/bridge-ops.ts': "export { S } from '../domain/settings.ts';",
      'shared/domain/settings.ts': "import { z } from 'zod';",
    },
    expected:
      "electron/preload.ts:2  electron/preload.ts → shared/bridge/bridge-ops.ts → shared/domain/settings.ts → zod  (import '../shared/bridge/bridge-ops.ts')",
  },
  {
    rule: 'inside renderer/, only downward',
    sources: {
      'renderer/components/ErrorPanel.tsx': "import { x } from '../app/keyDialogStore.ts';",
      'renderer/app/keyDialogStore.ts': '',
    },
    expected: "renderer/components/ErrorPanel.tsx:1  components → app (upward)  (import '../app/keyDialogStore.ts')",
  },
  {
    rule: 'inside renderer/, only downward',
    sources: {
      'renderer/charts/x.tsx': "const m = () => import('../views/compare/model.ts');",
      'renderer/views/compare/model.ts': '',
    },
    expected: "renderer/charts/x.tsx:1  charts → views (upward)  (import('../views/compare/model.ts'))",
  },
  {
    rule: 'inside renderer/, only downward',
    sources: {
      'renderer/entities/player/links.tsx': "import { TEAM } from '../../views/team/TeamView.tsx';",
      'renderer/views/team/TeamView.tsx': '',
    },
    expected:
      "renderer/entities/player/links.tsx:1  entities → views (upward)  (import '../../views/team/TeamView.tsx')",
  },
  {
    rule: 'inside renderer/, only downward',
    sources: {
      'renderer/table/DataTable.tsx': "import { playerHref } from '../entities/player/links.tsx';",
      'renderer/entities/player/links.tsx': '',
    },
    expected: "renderer/table/DataTable.tsx:1  table → entities (upward)  (import '../entities/player/links.tsx')",
  },
  {
    rule: 'inside renderer/, only downward',
    sources: {
      'renderer/format/dates.ts': "import { call } from '../bridge/client.ts';",
      'renderer/bridge/client.ts': '',
    },
    expected: "renderer/format/dates.ts:1  format → bridge (upward)  (import '../bridge/client.ts')",
  },
  {
    rule: 'a view never imports another view',
    sources: {
      'renderer/views/players/PlayersView.tsx': "\nimport { StarButton } from '../lists/StarButton.tsx';",
      'renderer/views/lists/StarButton.tsx': '',
    },
    expected:
      "renderer/views/players/PlayersView.tsx:2  views/players → views/lists  (import '../lists/StarButton.tsx')",
  },
  {
    rule: 'a view never imports another view',
    sources: {
      'renderer/views/league/ScoringLeaders.tsx': "import '../players/players.css';",
      'renderer/views/players/players.css': '',
    },
    expected:
      "renderer/views/league/ScoringLeaders.tsx:1  views/league → views/players  (import '../players/players.css')",
  },
  {
    rule: 'a view never imports another view',
    sources: {
      'renderer/views/player/PlayerFile.tsx': "const Chart = lazy(() => import('../reports/GradesChart.tsx'));",
      'renderer/views/reports/GradesChart.tsx': '',
    },
    expected:
      "renderer/views/player/PlayerFile.tsx:1  views/player → views/reports  (import('../reports/GradesChart.tsx'))",
  },
  {
    rule: 'a view never imports another view',
    sources: {
      'renderer/views/boards/useBoards.ts': "export type { Report } from '../reports/useReports.ts';",
      'renderer/views/reports/useReports.ts': '',
    },
    expected: "renderer/views/boards/useBoards.ts:1  views/boards → views/reports  (export '../reports/useReports.ts')",
  },
  {
    rule: 'every renderer file sits in a layer folder',
    sources: { 'renderer/views/TeamsView.tsx': '', 'renderer/misc/x.ts': '' },
    expected: 'renderer/views/TeamsView.tsx:1  a view outside its folder',
  },
  {
    rule: 'every renderer file sits in a layer folder',
    sources: { 'renderer/views/TeamsView.tsx': '', 'renderer/misc/x.ts': '' },
    expected: 'renderer/misc/x.ts:1  in no layer of renderer/',
  },
  {
    rule: 'every renderer file sits in a layer folder',
    sources: { 'renderer/entities/links.tsx': '' },
    expected: 'renderer/entities/links.tsx:1  an entity outside its folder',
  },
  {
    rule: 'only electron/main.ts and electron/preload.ts import electron at runtime',
    sources: { 'electron/host/a.ts': "import type { App } from 'electron';\nimport { app } from 'electron';" },
    expected: "electron/host/a.ts:2  electron/host/a.ts → electron at runtime  (import 'electron')",
  },
  {
    rule: 'nothing but test/ and the root tool configs imports test/',
    sources: { 'bench/app.ts': "import { C } from '../test/e2e/chromium.ts';", 'test/e2e/chromium.ts': '' },
    expected: "bench/app.ts:1  bench/ → test/  (import '../test/e2e/chromium.ts')",
  },
  {
    rule: 'every relative import names a file that exists',
    sources: { 'renderer/app/a.ts': "import { b } from './b.ts';" },
    expected: "renderer/app/a.ts:1  no such file  (import './b.ts')",
  },
];

describe('each layering rule catches the arrows it forbids', () => {
  it.each(WRONG_ARROWS.map((w) => [w.expected, w] as const))('%s', (_expected, wrong) => {
    const rule = LAYER_RULES.find((r) => r.name.startsWith(wrong.rule));
    expect(rule, wrong.rule).toBeDefined();
    expect(rule?.violations(graphOf(wrong.sources))).toContain(wrong.expected);
  });

  it('passes the arrows the rules allow', () => {
    const allowed = graphOf({
      'shared/a.ts': "import { z } from 'zod';\nimport { b } from './b.ts';",
      'shared/b.ts': '',
      'electron/host/a.ts': "import type { App } from 'electron';\nimport { s } from '../../store/index.ts';",
      'electron/main.ts': "import { app } from 'electron';",
      'electron/host/department/sync.ts': "import { push } from '../../../department/sync/push.ts';",
      'department/sync/push.ts':
        "import pg from 'pg';\nimport { readFileSync } from 'node:fs';\nimport { C } from '../../shared/b.ts';",
      'store/index.ts': "import { b } from '../shared/b.ts';\nimport { l } from './lists/a.ts';",
      'store/lists/a.ts': "import { r } from '../cache/read-only.ts';\nimport { d } from '../common/db.ts';",
      'store/cache/read-only.ts': "import { d } from '../common/db.ts';",
      'store/common/db.ts': '',
      'renderer/app/App.tsx': "import { V } from '../views/teams/TeamsView.tsx';",
      'renderer/views/teams/TeamsView.tsx':
        "import { T } from '../../table/DataTable.tsx';\nimport { q } from '../../state/q.ts';\nimport './teams.css';\nimport { L } from '../../entities/team/links.tsx';",
      'renderer/entities/team/links.tsx':
        "import { E } from '../../components/E.tsx';\nimport { P } from '../player/links.tsx';\nimport { f } from '../../format/index.ts';",
      'renderer/entities/player/links.tsx': '',
      'renderer/format/index.ts': '',
      'renderer/views/teams/teams.css': '',
      'renderer/views/compare/charts/TrendChart.tsx':
        "import { m } from '../model.ts';\nimport '../compare.css';\nimport { h } from '../../../entities/team/compareHref.ts';",
      'renderer/views/compare/model.ts': '',
      'renderer/views/compare/compare.css': '',
      'renderer/entities/team/compareHref.ts': '',
      'renderer/table/DataTable.tsx':
        "import { c } from '../bridge/client.ts';\nimport { E } from '../components/E.tsx';",
      'renderer/components/E.tsx': '',
      'renderer/state/q.ts': "import { c } from '../bridge/client.ts';\nimport { f } from '../format/index.ts';",
      'renderer/bridge/client.ts': "import { b } from '../../shared/b.ts';",
      'renderer/main.tsx': "import { A } from './app/App.tsx';\nimport './styles/app.css';",
      'renderer/styles/app.css': '',
      'playwright.config.ts': "import { e } from './test/e2e/env.ts';",
      'test/e2e/env.ts': '',
    });
    expect(LAYER_RULES.flatMap((r) => r.violations(allowed))).toEqual([]);
  });
});
