import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportFields, ScoutingReport } from '../../../shared/domain/reports.ts';
import { call, toServiceError } from '../../bridge/client.ts';
import { scoutingKeys } from '../../entities/reports/useReports.ts';

/** How long after the last keystroke a draft is saved, in ms: short, so a crash loses a few letters at most. */
export const DRAFT_SAVE_MS = 400;

/** Where the form's saving stands, as its status line says it. */
export type SaveState =
  | { kind: 'saved'; at: string }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'error'; message: string; field: string | null };

/** The fields of a report the form edits. */
export function fieldsOf(r: ScoutingReport): ReportFields {
  const { gameDate, homeTeam, awayTeam, league, score, positionPlayed, kind, grades, projection } = r;
  return {
    gameDate,
    homeTeam,
    awayTeam,
    league,
    score,
    positionPlayed,
    kind,
    grades,
    projection,
    strengths: r.strengths,
    weaknesses: r.weaknesses,
    notes: r.notes,
    status: r.status,
  };
}

/**
 * A report's form that saves itself: every change is written to the lists' file {@link DRAFT_SAVE_MS}
 * after the last one (and at once when the form closes), so a draft begun at the rink survives a quit or a
 * crash. Saves run one after another; the newest fields always win. `finish` saves the report as final
 * (refused, naming the field, when it is incomplete); `reopen` makes it a draft again.
 */
export function useReportDraft(report: ScoutingReport) {
  const client = useQueryClient();
  const [fields, setFields] = useState<ReportFields>(() => fieldsOf(report));
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: report.updatedAt });
  const latest = useRef(fields);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const write = useCallback(
    (next: ReportFields) => {
      dirty.current = false;
      setState({ kind: 'saving' });
      const run = chain.current.then(async () => {
        try {
          const saved = await call('scoutingReportSave', {
            ...next,
            id: report.id,
            playerId: report.playerId,
            player: { name: report.playerName, position: report.playerPosition, dateOfBirth: report.dateOfBirth },
          });
          if (!dirty.current) setState({ kind: 'saved', at: saved.updatedAt });
          void client.invalidateQueries({ queryKey: scoutingKeys.all });
          return true;
        } catch (err) {
          const e = toServiceError(err);
          setState({
            kind: 'error',
            message: e.message,
            field: e.kind === 'bad-request' ? (e.parameter ?? null) : null,
          });
          return false;
        }
      });
      chain.current = run;
      return run;
    },
    [client, report],
  );

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    return dirty.current ? write(latest.current) : chain.current;
  }, [write]);

  const update = useCallback(
    (patch: Partial<ReportFields>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      dirty.current = true;
      setFields(next);
      setState({ kind: 'pending' });
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_MS);
    },
    [flush],
  );

  const setStatus = useCallback(
    async (status: ReportFields['status']) => {
      if (timer.current !== null) clearTimeout(timer.current);
      const next = { ...latest.current, status };
      const ok = await write(next);
      if (ok) {
        latest.current = next;
        setFields(next);
      }
      return ok;
    },
    [write],
  );

  // The form closes (another page, the window): whatever is typed and not yet saved is saved now.
  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      void flush();
    };
  }, [flush]);

  return { fields, state, update, finish: () => setStatus('final'), reopen: () => setStatus('draft') };
}
