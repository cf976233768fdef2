-- 002: finished scouting reports, readable by the whole department, written by their author only, with the
-- author's history of every version.
--
-- Every synced table has the same head: `id` (UUID made on the laptop), `owner` (the login role that wrote
-- it; the default is the writer, and the policies refuse any other), `rev` (the change id that made the
-- current state), `deleted` (a tombstone: nothing is ever DELETEd), and the stamp (`xid`, `committed_at`).
-- Scouts have no DELETE, TRUNCATE or REFERENCES anywhere; UPDATE only on the columns a state carries, never
-- `id`, `owner` or the stamp.
SET LOCAL ROLE rinkside_owner;

CREATE TABLE rinkside.reports (
  id uuid PRIMARY KEY,
  owner name NOT NULL DEFAULT current_user,
  rev uuid NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  -- 'retracted': set back to draft or deleted on the laptop; colleagues see it marked, never vanish.
  status text NOT NULL CHECK (status IN ('final', 'retracted')),
  -- 1 for the first state, one more per change since (the server counts, not the laptop).
  version int NOT NULL DEFAULT 1,
  player jsonb NOT NULL CHECK (jsonb_typeof(player) = 'object'),
  body jsonb NOT NULL CHECK (jsonb_typeof(body) = 'object')
);
CREATE INDEX reports_feed ON rinkside.reports (xid, id);

CREATE TABLE rinkside.report_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL,
  version int NOT NULL,
  rev uuid NOT NULL,
  owner name NOT NULL DEFAULT current_user,
  status text NOT NULL,
  body jsonb NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (report_id, version)
);
CREATE INDEX report_versions_feed ON rinkside.report_versions (xid, id);

CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.reports
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();
CREATE TRIGGER stamp BEFORE INSERT ON rinkside.report_versions
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();

-- The version number and the history are kept by the server, so every way of writing a report (the push,
-- or a plain UPDATE) leaves the same trace.
CREATE FUNCTION rinkside.report_version() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF TG_WHEN = 'BEFORE' THEN
    NEW.version := CASE TG_OP WHEN 'UPDATE' THEN OLD.version + 1 ELSE 1 END;
    RETURN NEW;
  END IF;
  INSERT INTO rinkside.report_versions (report_id, version, rev, status, body)
    VALUES (NEW.id, NEW.version, NEW.rev, NEW.status, NEW.body);
  RETURN NULL;
END
$$;
CREATE TRIGGER version_number BEFORE INSERT OR UPDATE ON rinkside.reports
  FOR EACH ROW EXECUTE FUNCTION rinkside.report_version();
CREATE TRIGGER version_history AFTER INSERT OR UPDATE ON rinkside.reports
  FOR EACH ROW EXECUTE FUNCTION rinkside.report_version();

ALTER TABLE rinkside.reports ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.reports FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.reports TO rinkside_scout;
GRANT UPDATE (rev, deleted, status, player, body) ON rinkside.reports TO rinkside_scout;

-- A finished report is the department's: every scout reads every one (drafts never reach the server).
CREATE POLICY reports_read ON rinkside.reports FOR SELECT TO rinkside_scout USING (true);
-- A scout files reports in his own name only: a row with another owner is refused.
CREATE POLICY reports_insert ON rinkside.reports FOR INSERT TO rinkside_scout WITH CHECK (owner = current_user);
-- Every readable report may be aimed at (USING true), but the row after the update must still be the
-- writer's own. `owner` cannot be updated (no column grant), so a scout updating a colleague's report is
-- refused with an error ("new row violates row-level security policy"), not silently matched to no row.
CREATE POLICY reports_update ON rinkside.reports FOR UPDATE TO rinkside_scout
  USING (true) WITH CHECK (owner = current_user);

ALTER TABLE rinkside.report_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.report_versions FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.report_versions TO rinkside_scout;

-- The history is the author's: colleagues see the latest state only (in reports).
CREATE POLICY report_versions_read ON rinkside.report_versions FOR SELECT TO rinkside_scout
  USING (owner = current_user);
-- Written by the trigger above as the author: a version of his own report, at its current rev, only.
CREATE POLICY report_versions_insert ON rinkside.report_versions FOR INSERT TO rinkside_scout
  WITH CHECK (
    owner = current_user
    AND EXISTS (SELECT FROM rinkside.reports r WHERE r.id = report_id AND r.owner = current_user AND r.rev = report_versions.rev)
  );
