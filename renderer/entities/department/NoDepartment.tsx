import { Link } from 'react-router';
import { EmptyState } from '../../components/States.tsx';

/**
 * What a department view shows before a department is set up, the same in each: it says so, what the view
 * would show (`what`, one sentence), and links Settings → Department, where it is set up. The view shows
 * nothing to act on beside it (no filters, no export).
 */
export function NoDepartment({ what }: { what: string }) {
  return (
    <div className="card">
      <EmptyState title="No department set up.">
        <p className="muted small">
          {what} Set it up in <Link to="/settings#department">Settings → Department</Link>.
        </p>
      </EmptyState>
    </div>
  );
}
