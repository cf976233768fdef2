import { NavLink } from 'react-router';
import { useWhatsNew } from '../entities/department/useAssignments.ts';
import { useDepartmentStatus } from '../entities/department/useDepartment.ts';
import { NavSvg } from './NavSvg.tsx';

/**
 * The navigation's "Assignments" entry, only when a department is set up, with the count of what is new
 * for the scout since he last looked (his colleagues' new final reports on his players, new assignments).
 */
export function AssignmentsNav() {
  const status = useDepartmentStatus();
  const on = status.data !== undefined && status.data.state !== 'off';
  const news = useWhatsNew(on);
  if (!on) return null;
  const count = news.data?.count ?? 0;
  return (
    <li>
      <NavLink to="/assignments" className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
        <NavSvg d="M3 2.5h10v11H3zM5.5 6l1.5 1.5 3-3M5.5 10.5h5" />
        Assignments
        {count > 0 ? (
          <span className="nav-count">
            {count}
            <span className="visually-hidden"> new</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}
