import { Link } from 'react-router';
import { EmptyState } from '../../components/States.tsx';

export function NotFoundView() {
  return (
    <section className="view">
      <EmptyState title="There is no such page in Rinkside.">
        <Link to="/teams">Go to Teams</Link>
      </EmptyState>
    </section>
  );
}
