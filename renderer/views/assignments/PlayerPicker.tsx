import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import { call } from '../../bridge/client.ts';
import { ComboList } from '../../components/ComboList.tsx';
import { useDepartmentPlayers } from '../../entities/department/useAssignments.ts';
import { offlineKeys } from '../../state/offline.ts';

/** A player as an assignment names him; `source` absent: the offline store's (the host adds it). */
export type PickedPlayer = BridgeArgs<'departmentAssign'>['player'];

/** Options shown at once; the search narrows them. */
const SHOWN = 8;

/** A player as one line of the list: `Connor Bedard · C · 2005 · Regina Pats`. */
function describe(p: { name: string; position: string | null; dateOfBirth: string | null }, team?: string | null) {
  return [p.name, p.position, p.dateOfBirth?.slice(0, 4), team].filter(Boolean).join(' · ');
}

/** The players whose name holds `text`: the offline store's search, then those only the department's reports name. */
function useMatches(text: string): { player: PickedPlayer; label: string }[] {
  const q = text.trim();
  const record = { q, limit: String(SHOWN) };
  const store = useQuery({
    queryKey: offlineKeys.players(record),
    queryFn: () => call('offlinePlayers', { query: record }),
    placeholderData: keepPreviousData,
    enabled: q.length >= 2,
  });
  const department = useDepartmentPlayers();
  if (q.length < 2) return [];
  const out = (store.data?.data ?? []).map((p) => ({
    player: { playerId: p.id, name: p.name, dateOfBirth: p.dateOfBirth, position: p.position },
    label: describe(p, p.latestTeam?.name),
  }));
  const lower = q.toLowerCase();
  for (const p of department.data ?? []) {
    if (out.length >= SHOWN) break;
    if (!p.name.toLowerCase().includes(lower)) continue;
    if (out.some((o) => o.player.name === p.name && o.player.dateOfBirth === p.dateOfBirth)) continue;
    out.push({ player: p, label: `${describe(p)} · department reports` });
  }
  return out;
}

/**
 * The Assign form's player: an ARIA combobox (WAI-ARIA APG "combobox with listbox popup", as the Compare
 * view's team picker) over the offline store's players (the Players view's search, by name) and the
 * players the department's reports name. Typing searches; ArrowDown/ArrowUp move the active option, Enter
 * picks it, Escape closes the list or clears the text. Picking writes the player's name in the box; typing
 * again drops the pick.
 */
export function PlayerPicker(props: { value: PickedPlayer | null; onChange: (p: PickedPlayer | null) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const base = useId();
  const listId = `${base}-list`;
  const optionId = (i: number) => `${base}-option-${i}`;
  const matches = useMatches(text);
  const expanded = open && matches.length > 0;
  const pick = (m: { player: PickedPlayer; label: string }) => {
    props.onChange(m.player);
    setText(m.player.name);
    setOpen(false);
    setActive(-1);
  };
  const move = (step: 1 | -1) => {
    if (!expanded) return setOpen(true);
    const n = matches.length;
    setActive((a) => (a < 0 ? (step > 0 ? 0 : n - 1) : (a + step + n) % n));
  };
  const shown = props.value === null ? text : props.value.name;
  return (
    <div className="field combo assign-picker">
      <label className="field-label" htmlFor={`${base}-input`}>
        Player
      </label>
      <input
        id={`${base}-input`}
        type="text"
        role="combobox"
        required
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${base}-picked`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search a player…"
        value={shown}
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (props.value !== null) props.onChange(null);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            move(e.key === 'ArrowDown' ? 1 : -1);
          } else if (e.key === 'Enter' && expanded && matches[active]) {
            e.preventDefault();
            pick(matches[active]);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            if (expanded) setOpen(false);
            else {
              setText('');
              props.onChange(null);
            }
          }
        }}
      />
      <span id={`${base}-picked`} className="visually-hidden">
        {props.value === null ? 'No player picked' : `Picked: ${describe(props.value)}`}
      </span>
      <ComboList
        id={listId}
        label="Matching players"
        expanded={expanded}
        options={matches.map((m) => ({
          key: `${m.player.source ?? ''} ${m.player.playerId} ${m.player.name}`,
          text: m.label,
        }))}
        active={active}
        optionId={optionId}
        onPick={(i) => pick(matches[i] as (typeof matches)[number])}
      />
    </div>
  );
}
