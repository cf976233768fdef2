-- 008: the department's roster, so a director assigns a player to a scout chosen from a list instead of a
-- typed login (a scout who has written nothing yet is on it too).
--
-- Who is a scout is PostgreSQL's own record: the LOGIN members of the group role `rinkside_scout`
-- (npm run department -- add-scout; remove-scout drops the role). The catalogs `pg_roles` and
-- `pg_auth_members` are readable by every role of the cluster (PostgreSQL documentation, "System
-- Catalogs"), so this function reads nothing a scout could not read already and needs no more rights than
-- its caller: SECURITY INVOKER, not DEFINER. It is the app's one named way to the roster, and only
-- directors may call it (only they assign); a scout's call is refused with `permission denied for function`.
SET LOCAL ROLE rinkside_owner;

CREATE FUNCTION rinkside.department_scouts()
  RETURNS TABLE(login name, director boolean)
  LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT r.rolname, pg_has_role(r.oid, 'rinkside_director', 'MEMBER')
      FROM pg_roles r
      WHERE r.rolcanlogin AND pg_has_role(r.oid, 'rinkside_scout', 'MEMBER')
        -- A superuser is a member of every role; he is the admin, not a scout.
        AND NOT r.rolsuper
      ORDER BY r.rolname
  $$;
-- Directors only. 001's ALTER DEFAULT PRIVILEGES ... IN SCHEMA does not take EXECUTE from PUBLIC: a
-- per-schema default only adds to the global one (PostgreSQL documentation, ALTER DEFAULT PRIVILEGES), so
-- it is revoked here by name.
REVOKE EXECUTE ON FUNCTION rinkside.department_scouts() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION rinkside.department_scouts() TO rinkside_director;
