import type { ReactNode } from 'react';
import { useAbout } from '../bridge/queries.ts';
import './notes.css';

/**
 * A note shown only when the service's data is the Hockey Databank (`GET /about` provenance): what its
 * records do not hold, so an empty table reads as "not in this data", not as "none".
 */
export function DatabankNote({ children }: { children: ReactNode }) {
  const about = useAbout();
  if (about.data?.provenance.source !== 'hockey-databank') return null;
  return (
    <p className="notice info" role="note">
      {children}
    </p>
  );
}
