-- 004: draft boards. Each scout's own boards are readable by the department and written by him; the
-- department's board is written by the directors, any of them. A board syncs as a whole version (tiers and
-- the order of every player); every version pushed is kept.
SET LOCAL ROLE rinkside_owner;

CREATE TABLE rinkside.boards (
  id uuid PRIMARY KEY,
  -- A scout's board: its scout. The department's board: the director who last wrote it.
  owner name NOT NULL DEFAULT current_user,
  rev uuid NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  kind text NOT NULL CHECK (kind IN ('scout', 'department')),
  name text NOT NULL,
  tiers jsonb NOT NULL CHECK (jsonb_typeof(tiers) = 'array'),
  entries jsonb NOT NULL CHECK (jsonb_typeof(entries) = 'array'),
  label text NOT NULL DEFAULT ''
);
CREATE INDEX boards_feed ON rinkside.boards (xid, id);

CREATE TABLE rinkside.board_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  board_id uuid NOT NULL,
  rev uuid NOT NULL,
  author name NOT NULL DEFAULT current_user,
  -- The rev this version replaced on the server (null for a new board).
  base uuid,
  tiers jsonb NOT NULL,
  entries jsonb NOT NULL,
  label text NOT NULL,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX board_versions_feed ON rinkside.board_versions (xid, id);
CREATE INDEX board_versions_board ON rinkside.board_versions (board_id);

CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.boards
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();
CREATE TRIGGER stamp BEFORE INSERT ON rinkside.board_versions
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();

-- Before a write: the department board's owner becomes its writer (no scout can update `owner` itself; the
-- policy then decides whether that writer may). After it: the version, kept for the department.
CREATE FUNCTION rinkside.board_version() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF TG_WHEN = 'BEFORE' THEN
    IF NEW.kind = 'department' THEN
      NEW.owner := current_user;
    END IF;
    RETURN NEW;
  END IF;
  INSERT INTO rinkside.board_versions (board_id, rev, base, tiers, entries, label)
    VALUES (NEW.id, NEW.rev, CASE TG_OP WHEN 'UPDATE' THEN OLD.rev END, NEW.tiers, NEW.entries, NEW.label);
  RETURN NULL;
END
$$;
CREATE TRIGGER last_writer BEFORE UPDATE ON rinkside.boards
  FOR EACH ROW EXECUTE FUNCTION rinkside.board_version();
CREATE TRIGGER version_history AFTER INSERT OR UPDATE ON rinkside.boards
  FOR EACH ROW EXECUTE FUNCTION rinkside.board_version();

ALTER TABLE rinkside.boards ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.boards FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.boards TO rinkside_scout;
-- `kind` is not updatable: a scout's board never turns into the department's, nor back.
GRANT UPDATE (rev, deleted, name, tiers, entries, label) ON rinkside.boards TO rinkside_scout;

-- Every board is the department's to read: scouts' rankings are merged, the department board is the goal.
CREATE POLICY boards_read ON rinkside.boards FOR SELECT TO rinkside_scout USING (true);
-- A scout's board is written by its scout; the department board by a director, whoever made it.
CREATE POLICY boards_insert ON rinkside.boards FOR INSERT TO rinkside_scout
  WITH CHECK (
    owner = current_user
    AND (kind = 'scout' OR pg_has_role(current_user, 'rinkside_director', 'MEMBER'))
  );
-- The same rule on the row after an update (its owner set by the trigger for the department board): a
-- scout writing the department board, or anyone writing a colleague's board, is refused with an error.
CREATE POLICY boards_update ON rinkside.boards FOR UPDATE TO rinkside_scout
  USING (true)
  WITH CHECK (
    owner = current_user
    AND (kind = 'scout' OR pg_has_role(current_user, 'rinkside_director', 'MEMBER'))
  );

ALTER TABLE rinkside.board_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.board_versions FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.board_versions TO rinkside_scout;

-- Versions are read as boards are: by the whole department.
CREATE POLICY board_versions_read ON rinkside.board_versions FOR SELECT TO rinkside_scout USING (true);
-- Written by the trigger above as the board's writer: a version of a board he just wrote, at its rev.
CREATE POLICY board_versions_insert ON rinkside.board_versions FOR INSERT TO rinkside_scout
  WITH CHECK (
    author = current_user
    AND EXISTS (SELECT FROM rinkside.boards b WHERE b.id = board_id AND b.owner = current_user AND b.rev = board_versions.rev)
  );
