import type { PlayerPdf } from '../../../shared/bridge/scouting-bridge.ts';
import { AREA_LABELS, PROJECTIONS, type ReportsSummary, type ScoutingReport } from '../../../shared/domain/reports.ts';

/**
 * A player's file as a PDF for a scouting director, on one or two A4 pages: who he is, his grades over his
 * viewings (average and range per area, how many final reports, "not seen enough"), his NHLe's place, his
 * career's regular seasons, and his last three final reports. Made with pdfkit (a well-kept PDF writer for
 * Node) in the host, from what the page sent and what the lists hold: nothing in it comes from the key or
 * the service's requests. pdfkit's built-in Helvetica covers Western European names (Selänne, Šťastný's
 * Latin-2 letters excepted, which print as close letters without their accents).
 */

const MARGIN = 42;
const INK = '#17212e';
const MUTED = '#5b6878';
const RULE = '#c5cfda';

/** Text pdfkit's standard fonts can set (WinAnsi): other letters lose their accents, others again become `?`. */
function printable(s: string): string {
  return s.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\n]/g, (c) => {
    const plain = c.normalize('NFKD').replace(/\p{M}/gu, '');
    return /^[\u0020-\u007e]$/.test(plain) ? plain : '?';
  });
}

const num = (v: number | null) => (v === null ? '-' : String(v));
const svp = (v: number | null) => (v === null ? '-' : v.toFixed(3).replace(/^0/, ''));

/** What the sections write with: the document, its text width, and its heading and table-row helpers. */
interface Writer {
  doc: PDFKit.PDFDocument;
  width: number;
  t: (s: string) => string;
  heading: (s: string) => void;
  row: (cells: string[], xs: number[], opts?: { bold?: boolean; right?: boolean[] }) => void;
}

/** The heading and table-row helpers over `doc`. */
function writer(doc: PDFKit.PDFDocument): Writer {
  const width = doc.page.width - 2 * MARGIN;
  const t = (s: string) => printable(s);
  const heading = (s: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(INK).text(t(s));
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(RULE)
      .lineWidth(0.6)
      .stroke();
    doc.moveDown(0.4);
  };
  /** One table row: cell i spans x offsets `xs[i]` to `xs[i + 1]` (the last offset ends the row); right-aligned where `right`. */
  const row = (cells: string[], xs: number[], opts: { bold?: boolean; right?: boolean[] } = {}) => {
    const y = doc.y;
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(INK);
    cells.forEach((c, i) => {
      const x = MARGIN + (xs[i] ?? 0);
      const w = (xs[i + 1] ?? width) - (xs[i] ?? 0) - 8;
      doc.text(t(c), x, y, { width: w, align: opts.right?.[i] ? 'right' : 'left', lineBreak: false, ellipsis: true });
    });
    doc.x = MARGIN;
    doc.y = y + 13;
  };

  return { doc, width, t, heading, row };
}

/** Grades over his viewings: average, range and how many reports graded each area; the projection; NHLe's place. */
function gradesSection(
  w: Writer,
  reports: readonly ScoutingReport[],
  summary: ReportsSummary,
  nhle: string | null,
): void {
  const { doc, heading, row } = w;
  heading(
    `Grades over ${summary.viewings} viewing${summary.viewings === 1 ? '' : 's'}${summary.notSeenEnough ? ' (not seen enough)' : ''}`,
  );
  const gx = [0, 130, 190, 260, 310];
  row(['Area', 'Average', 'Range', 'Seen'], gx, { bold: true, right: [false, true, true, true] });
  for (const a of summary.areas) {
    const range = a.min === null ? '-' : a.min === a.max ? String(a.min) : `${a.min}\u2013${a.max}`;
    row([AREA_LABELS[a.area], a.mean === null ? '-' : a.mean.toFixed(1), range, String(a.graded)], gx, {
      right: [false, true, true, true],
    });
  }
  const finals = reports.filter((r) => r.status === 'final');
  const projection = finals.find((r) => r.projection !== null)?.projection;
  doc.moveDown(0.3).font('Helvetica').fontSize(9).fillColor(INK);
  doc.text(`Projection (latest report that gives one): ${projection ? PROJECTIONS[projection] : 'none yet'}`);
  doc.text(w.t(nhle === null ? 'NHLe: no factor for his league yet.' : `NHLe, latest season: ${nhle}`));
}

/** His career's regular seasons, newest first (16 at most, so the file stays on two pages). */
function careerSection(w: Writer, input: PlayerPdf): void {
  const { doc, row, heading } = w;
  heading('Career, regular season');
  const cx = [0, 62, 250, 320, 360, 400, 440, 480];
  const head = input.goalie
    ? ['Season', 'Team', 'League', 'GP', 'W', 'GAA', 'SV%']
    : ['Season', 'Team', 'League', 'GP', 'G', 'A', 'PTS'];
  const right = [false, false, false, true, true, true, true];
  row(head, cx, { bold: true, right });
  if (input.career.length === 0) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('No season on record.');
  for (const s of input.career.slice(0, 16)) {
    const stats = input.goalie
      ? [num(s.GP), num(s.W), s.GAA === null ? '-' : s.GAA.toFixed(2), svp(s.SVP)]
      : [num(s.GP), num(s.G), num(s.A), num(s.PTS)];
    row([s.season, s.team, s.league, ...stats], cx, { right });
  }
  if (input.career.length > 16) doc.fillColor(MUTED).text(`… and ${input.career.length - 16} earlier seasons.`);
}

/** His last three final reports: the game, the grades, the texts (each at most 600 characters). */
function reportsSection(w: Writer, reports: readonly ScoutingReport[]): void {
  const { doc, heading, t, width } = w;
  const finals = reports.filter((r) => r.status === 'final');
  heading('Last reports');
  if (finals.length === 0) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('No final report yet.');
  for (const r of finals.slice(0, 3)) {
    const game = [r.awayTeam, r.homeTeam].filter(Boolean).join(' at ');
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(t(`${r.gameDate}  ${game}${r.score ? `  ${r.score}` : ''}`));
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(
      t(
        [
          r.league,
          r.positionPlayed && `played ${r.positionPlayed}`,
          r.scout && `by ${r.scout}`,
          r.projection && PROJECTIONS[r.projection],
        ]
          .filter(Boolean)
          .join(' · '),
      ),
    );
    doc.fillColor(INK).text(
      t(
        Object.entries(r.grades)
          .map(([k, g]) => `${AREA_LABELS[k as keyof typeof AREA_LABELS]} ${g ?? 'not seen'}`)
          .join('   '),
      ),
    );
    for (const [label, text] of [
      ['Strengths', r.strengths],
      ['Weaknesses', r.weaknesses],
      ['Notes', r.notes],
    ] as const) {
      if (text) doc.text(t(`${label}: ${text.length > 600 ? `${text.slice(0, 600)}…` : text}`), { width });
    }
    doc.moveDown(0.5);
  }
}

/**
 * Renders the PDF; resolves to its bytes. `attribution`: the statement the data's terms require (the
 * Hockey Databank's, shared/contract/about.ts `databankAttribution`), printed in full under the title, as an
 * XLSX export carries it on its About sheet.
 */
export async function playerPdf(
  input: PlayerPdf,
  reports: readonly ScoutingReport[],
  summary: ReportsSummary,
  at: Date,
  attribution?: string,
): Promise<Uint8Array> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: printable(`Player file: ${input.name}`), Creator: 'Rinkside', CreationDate: at },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const w = writer(doc);
  const { t } = w;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(t(input.name));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t(input.facts.map(([k, v]) => `${k}: ${v}`).join('   ')));
  doc.text(`Player file printed ${at.toISOString().slice(0, 10)} by Rinkside`);
  if (attribution) doc.fontSize(8).text(t(`Data: ${attribution}`), { width: w.width });

  gradesSection(w, reports, summary, input.nhle);
  careerSection(w, input);
  reportsSection(w, reports);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
