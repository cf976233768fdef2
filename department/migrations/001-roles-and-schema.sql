-- 001: the department's roles, its schema, the record of migrations, and the stamp every synced row carries.
--
-- Run by the admin (department/migrate.ts wraps each file in one transaction). Roles belong to the whole
-- PostgreSQL cluster, so they are made only when missing: a second department database on the same server
-- shares them.
--   rinkside_owner     NOLOGIN: owns the schema, the tables and the functions. Nobody logs in as it; the
--                      admin becomes it (SET ROLE) to run migrations, so no scout ever owns anything.
--   rinkside_scout     NOLOGIN group: every scout's login role is a member (npm run department -- add-scout).
--   rinkside_director  NOLOGIN group: directors are members of both; only they write the department board.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'rinkside_owner') THEN
    CREATE ROLE rinkside_owner NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'rinkside_scout') THEN
    CREATE ROLE rinkside_scout NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'rinkside_director') THEN
    CREATE ROLE rinkside_director NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB;
  END IF;
  -- A managed server's admin is no superuser: it needs the membership to SET ROLE rinkside_owner.
  IF NOT (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT rinkside_owner TO %I', current_user);
  END IF;
END
$$;

CREATE SCHEMA rinkside AUTHORIZATION rinkside_owner;
-- Scouts may name the schema's objects (their own grants decide the rest); nobody else may, and nobody but
-- the owner creates anything in it.
REVOKE ALL ON SCHEMA rinkside FROM PUBLIC;
GRANT USAGE ON SCHEMA rinkside TO rinkside_scout;

SET LOCAL ROLE rinkside_owner;

-- A function is executable by PUBLIC unless revoked; in this schema each grant is explicit instead.
ALTER DEFAULT PRIVILEGES FOR ROLE rinkside_owner IN SCHEMA rinkside REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

CREATE TABLE rinkside.schema_migrations (
  version int PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE rinkside.schema_migrations ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.schema_migrations FORCE ROW LEVEL SECURITY;
GRANT SELECT ON rinkside.schema_migrations TO rinkside_scout;
-- Every scout's app reads the version, to pause sync with a server newer than it knows.
CREATE POLICY schema_migrations_read ON rinkside.schema_migrations FOR SELECT TO rinkside_scout USING (true);
-- The migration runner records each migration as the owner; FORCE would refuse the owner without this.
CREATE POLICY schema_migrations_owner ON rinkside.schema_migrations TO rinkside_owner USING (true) WITH CHECK (true);

-- The server's schema version: the newest migration applied (0 while the first one runs).
CREATE FUNCTION rinkside.schema_version() RETURNS int
  LANGUAGE sql STABLE SECURITY INVOKER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT coalesce(max(version), 0) FROM rinkside.schema_migrations $$;
GRANT EXECUTE ON FUNCTION rinkside.schema_version() TO rinkside_scout;

-- Every synced row's stamp, set by the server whatever the writer sent: `xid`, the transaction that wrote
-- it (the pull's order: department/sync/pull.ts), and `committed_at`, the server's clock, for display only.
-- A scout cannot move his row below colleagues' cursors by writing an old xid.
CREATE FUNCTION rinkside.stamp() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  NEW.xid := pg_current_xact_id();
  NEW.committed_at := now();
  RETURN NEW;
END
$$;
