import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState, LoadingState } from '../../components/States.tsx';
import { NoDepartment } from '../../entities/department/NoDepartment.tsx';
import { useAssignments } from '../../entities/department/useAssignments.ts';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { AssignForm } from './AssignForm.tsx';
import { AssignmentsTable } from './AssignmentsTable.tsx';
import { WhatsNewSection } from './WhatsNewSection.tsx';
import './assignments.css';

/**
 * The desk's assignments and "What's new", answered from this computer's copy (offline on the last pull).
 * A scout sees his own assignments in date order; a director every one with its scout, a form to assign a
 * player and a way to take an assignment back.
 */
export function AssignmentsView() {
  const settings = useDepartmentSettings();
  const configured = (settings.data?.config ?? null) !== null;
  const director = settings.data?.director === true;
  const list = useAssignments(director ? 'all' : 'mine', configured);
  return (
    <section className="view scroll assignments-view" aria-labelledby="assignments-title">
      <header className="view-head">
        <div>
          <h1 id="assignments-title">Assignments</h1>
          <p className="muted small">
            {director
              ? 'Every scout’s assignments, and what is new for you since you last looked'
              : 'Your assignments in date order, and what is new since you last looked'}
          </p>
        </div>
      </header>
      {settings.isError ? (
        <ErrorPanel error={settings.error} what="the department’s settings" onRetry={() => void settings.refetch()} />
      ) : settings.isLoading ? (
        <LoadingState what="the assignments" card />
      ) : !configured ? (
        <NoDepartment what="Assignments come from your department’s directors." />
      ) : (
        <>
          <WhatsNewSection />
          {director ? <AssignForm /> : null}
          <section className="card assign-card" aria-labelledby="assign-list-title">
            <h2 id="assign-list-title">{director ? 'Every assignment' : 'My assignments'}</h2>
            {list.isError ? (
              <ErrorPanel error={list.error} what="the assignments" onRetry={() => void list.refetch()} />
            ) : list.isLoading ? (
              <LoadingState what="the assignments" />
            ) : (list.data ?? []).length === 0 ? (
              <EmptyState title={director ? 'No assignment yet.' : 'No assignment for you yet.'}>
                <p className="muted small">
                  {director
                    ? 'Assign a player to a scout with the form above.'
                    : 'Your director’s assignments show here after a sync, and stay when offline.'}
                </p>
              </EmptyState>
            ) : (
              <AssignmentsTable rows={list.data ?? []} director={director} />
            )}
          </section>
        </>
      )}
    </section>
  );
}
