import type { ReactNode } from 'react';
import { initials } from './labels.ts';

/** A table's name cell: the initials' badge (hidden from screen readers), then what names the row. */
export function InitialsCell(props: { name: string | null | undefined; children: ReactNode }) {
  return (
    <span className="team-cell">
      <span className="avatar sm" aria-hidden="true">
        {initials(props.name)}
      </span>
      {props.children}
    </span>
  );
}
