import { REPO_ROOT } from './import-graph.ts';
import { compoundClasses, firstCompound, rendererFiles, viewStyleViolations } from './view-styles.ts';

/**
 * A view's stylesheet styles its own view only (view-styles.ts): every selector of
 * `renderer/views/<view>/*.css` is anchored on a class that no renderer file outside the view's folder
 * writes. The second half proves the rule catches what it forbids, on small in-memory files.
 */

describe("the views' stylesheets", () => {
  const files = rendererFiles(REPO_ROOT);

  it('are read, with the sources that write their classes', () => {
    expect(files.filter((f) => /^renderer\/views\/[^/]+\/[^/]+\.css$/.test(f.path)).length).toBeGreaterThan(10);
    expect(files.some((f) => f.path === 'renderer/components/ErrorPanel.tsx')).toBe(true);
  });

  it('anchor every selector on a class of their own view', () => {
    expect(viewStyleViolations(files)).toEqual([]);
  });
});

describe('the anchoring rule', () => {
  const panel = { path: 'renderer/components/ErrorPanel.tsx', text: '<div className="error-text">' };
  const own = { path: 'renderer/views/compare/CompareView.tsx', text: '<section className="view view-compare">' };

  it('reads the first compound selector and its classes', () => {
    expect(firstCompound('.a.b > .c')).toBe('.a.b');
    expect(firstCompound('.field:has(> .league-checks.many)')).toBe('.field:has(> .league-checks.many)');
    expect(firstCompound('button.x:hover .y')).toBe('button.x:hover');
    expect(compoundClasses('.field:has(> .league-checks.many)')).toEqual(['field']);
    expect(compoundClasses('table.plain.x:hover')).toEqual(['plain', 'x']);
  });

  it('refuses a class that another part of the app writes, and one with no class at all', () => {
    const css = {
      path: 'renderer/views/compare/compare.css',
      text: '.error-text {\n  color: #b00020;\n}\nh2 { margin: 0; }',
    };
    expect(viewStyleViolations([css, panel, own])).toEqual([
      "renderer/views/compare/compare.css:1  .error-text  (.error-text is not the view's own: renderer/components/ErrorPanel.tsx writes it too)",
      'renderer/views/compare/compare.css:4  h2  (its first compound names no class: anchor it on a class of the view)',
    ]);
  });

  it("refuses a class another view's stylesheet styles, inside @media too", () => {
    const css = {
      path: 'renderer/views/compare/compare.css',
      text: '@media (max-width: 900px) {\n  .card { padding: 0; }\n}',
    };
    const other = { path: 'renderer/views/team/team.css', text: '.leaders .card { display: flex; }' };
    expect(viewStyleViolations([css, other, own])).toEqual([
      "renderer/views/compare/compare.css:2  .card  (.card is not the view's own: renderer/views/team/team.css writes it too)",
    ]);
  });

  it('accepts a selector anchored on the view own class, and a compound with one own class among shared ones', () => {
    const css = {
      path: 'renderer/views/compare/compare.css',
      text: '.view-compare .error-text { color: red; }\n.view-compare.field.grow { flex: 1; }',
    };
    expect(viewStyleViolations([css, panel, own])).toEqual([]);
  });
});
