import { useState } from 'react';
import type { PlayerPdf } from '../../../shared/bridge/scouting-bridge.ts';
import { call, toServiceError } from '../../bridge/client.ts';
import type { CareerRow } from '../../entities/player/career.ts';
import { downloadExport, followExport } from '../../table/exportActions.ts';

/** A career's regular seasons as the PDF takes them (newest first, as the page orders them). */
export function pdfCareer(rows: readonly CareerRow[]): PlayerPdf['career'] {
  return rows.map((r) => ({
    season: r.season,
    team: r.teamName ?? '',
    league: r.leagueSlug?.toUpperCase() ?? '',
    GP: r.regular.GP,
    G: r.regular.G,
    A: r.regular.A,
    PTS: r.regular.PTS,
    W: r.regular.W,
    GAA: r.regular.GAA,
    SVP: r.regular.SVP,
  }));
}

/**
 * "PDF for a director": the host writes the player's file as a PDF (bio, career, grades, the last reports)
 * and saves it as exports are saved (the save dialog in Electron, a download in the browser shell).
 */
export function PdfButton({ input }: { input: () => PlayerPdf }) {
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const end = await followExport(await call('playerFilePdf', input()), () => {});
      if (end.state === 'done') {
        if (end.download) await downloadExport(end);
        setSaid({
          text: end.download ? `Downloaded ${end.fileName}.` : `Saved ${end.savedTo ?? end.fileName}.`,
          error: false,
        });
      } else if (end.state === 'failed') setSaid({ text: end.error?.message ?? 'The PDF was not saved.', error: true });
    } catch (err) {
      setSaid({ text: toServiceError(err).message, error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={() => void run()} disabled={busy}>
        PDF for a director
      </button>
      {said ? (
        <span className={said.error ? 'danger-text small' : 'muted small'} role={said.error ? 'alert' : 'status'}>
          {said.text}
        </span>
      ) : null}
    </>
  );
}
