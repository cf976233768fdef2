-- 007: the director's desk. Assignments (a director sends a scout to see a player: by a due date, with a
-- note, optionally at a game) and the department's settings (the grade range over which scouts are said to
-- disagree). Both are shared records with the head of 002 (id, owner, rev, deleted, stamp), pushed as
-- changes (kinds 'assignment' and 'setting') and pulled by the feed like every other record.
--
-- Who sees and writes what is the server's row-level security (PostgreSQL documentation, "Row Security
-- Policies" and CREATE POLICY): a policy's USING decides which existing rows a command sees, its WITH CHECK
-- which new rows it may write; a row a policy does not let through is simply not there for SELECT, and a
-- written row that fails WITH CHECK is an error. FORCE makes the tables' owner obey them too.
SET LOCAL ROLE rinkside_owner;

CREATE TABLE rinkside.assignments (
  id uuid PRIMARY KEY,
  -- The director who last wrote it (set by the trigger below, whatever was sent).
  owner name NOT NULL DEFAULT current_user,
  rev uuid NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  -- The scout's login role. Fixed once written: a reassignment is a delete and a new assignment, so the
  -- first scout's laptop gets the tombstone of a row he can still read.
  assignee name NOT NULL,
  player jsonb NOT NULL CHECK (jsonb_typeof(player) = 'object'),
  -- The day it was made; a final report of the scout on the player dated on or after it (on or after the
  -- game's date, when one is given) fulfils it.
  assigned_on date NOT NULL,
  due_date date NOT NULL,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  game_date date,
  home_team text NOT NULL DEFAULT '' CHECK (length(home_team) <= 80),
  away_team text NOT NULL DEFAULT '' CHECK (length(away_team) <= 80),
  CHECK (due_date >= assigned_on)
);
CREATE INDEX assignments_feed ON rinkside.assignments (xid, id);
-- A scout's pull reads his own only (the policy adds `assignee = current_user`): his rows first.
CREATE INDEX assignments_assignee_feed ON rinkside.assignments (assignee, xid, id);

-- The department's settings: one row, at a fixed id every laptop knows (shared/department/changes.ts
-- DEPARTMENT_SETTINGS_ID), so two directors writing it meet on one record (and a conflict) instead of
-- making two.
CREATE TABLE rinkside.department_settings (
  id uuid PRIMARY KEY CHECK (id = '00000000-0000-4000-8000-000000000001'),
  owner name NOT NULL DEFAULT current_user,
  rev uuid NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  -- Scouts disagree on a player when one grade area's range (highest minus lowest) is over this.
  disagreement_threshold numeric(3, 1) NOT NULL
    CHECK (disagreement_threshold BETWEEN 0.5 AND 9 AND disagreement_threshold * 2 = trunc(disagreement_threshold * 2))
);
CREATE INDEX department_settings_feed ON rinkside.department_settings (xid, id);

CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.assignments
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();
CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.department_settings
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();

-- The writer becomes the owner (no one updates `owner` itself: the policies then decide whether that
-- writer may write), an assignment goes to a scout of the department, and stays with him.
CREATE FUNCTION rinkside.director_record() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  NEW.owner := current_user;
  IF TG_TABLE_NAME = 'assignments' THEN
    IF TG_OP = 'UPDATE' AND NEW.assignee IS DISTINCT FROM OLD.assignee THEN
      RAISE EXCEPTION USING ERRCODE = 'check_violation',
        MESSAGE = 'an assignment stays with its scout: delete it and assign the player anew';
    END IF;
    IF to_regrole(NEW.assignee) IS NULL OR NOT pg_has_role(NEW.assignee, 'rinkside_scout', 'MEMBER') THEN
      RAISE EXCEPTION USING ERRCODE = 'check_violation',
        MESSAGE = format('%s is not a scout of this department', NEW.assignee);
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER director_record BEFORE INSERT OR UPDATE ON rinkside.assignments
  FOR EACH ROW EXECUTE FUNCTION rinkside.director_record();
CREATE TRIGGER director_record BEFORE INSERT OR UPDATE ON rinkside.department_settings
  FOR EACH ROW EXECUTE FUNCTION rinkside.director_record();

ALTER TABLE rinkside.assignments ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.assignments FORCE ROW LEVEL SECURITY;
-- The grants of every shared table (002-004); the policies below narrow writing to directors, so a scout's
-- attempt is refused by the server with its row-level security error, not merely unseen.
GRANT SELECT, INSERT ON rinkside.assignments TO rinkside_scout;
GRANT UPDATE (rev, deleted, assignee, player, assigned_on, due_date, note, game_date, home_team, away_team)
  ON rinkside.assignments TO rinkside_scout;

-- Directors see every assignment (the department's load); a scout sees his own and nobody else's.
CREATE POLICY assignments_read ON rinkside.assignments FOR SELECT TO rinkside_scout
  USING (assignee = current_user OR pg_has_role(current_user, 'rinkside_director', 'MEMBER'));
-- Only a director assigns, in his own name.
CREATE POLICY assignments_insert ON rinkside.assignments FOR INSERT TO rinkside_scout
  WITH CHECK (owner = current_user AND pg_has_role(current_user, 'rinkside_director', 'MEMBER'));
-- Any director changes or deletes any assignment. A scout's update of his own (the rows he sees) passes
-- USING and fails WITH CHECK: an error, and the director's assignment stays as it was.
CREATE POLICY assignments_update ON rinkside.assignments FOR UPDATE TO rinkside_scout
  USING (assignee = current_user OR pg_has_role(current_user, 'rinkside_director', 'MEMBER'))
  WITH CHECK (owner = current_user AND pg_has_role(current_user, 'rinkside_director', 'MEMBER'));

ALTER TABLE rinkside.department_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.department_settings FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.department_settings TO rinkside_scout;
GRANT UPDATE (rev, deleted, disagreement_threshold) ON rinkside.department_settings TO rinkside_scout;
-- Every laptop reads the settings (the coverage view marks disagreement by them); directors write them.
CREATE POLICY department_settings_read ON rinkside.department_settings FOR SELECT TO rinkside_scout USING (true);
CREATE POLICY department_settings_insert ON rinkside.department_settings FOR INSERT TO rinkside_scout
  WITH CHECK (owner = current_user AND pg_has_role(current_user, 'rinkside_director', 'MEMBER'));
CREATE POLICY department_settings_update ON rinkside.department_settings FOR UPDATE TO rinkside_scout
  USING (true)
  WITH CHECK (owner = current_user AND pg_has_role(current_user, 'rinkside_director', 'MEMBER'));

-- A director who overwrites another director's assignment or settings keeps the overwritten state for that
-- director, as on the department board.
DROP POLICY conflicts_insert ON rinkside.conflicts;
CREATE POLICY conflicts_insert ON rinkside.conflicts FOR INSERT TO rinkside_scout
  WITH CHECK (
    author = current_user
    OR (
      pg_has_role(current_user, 'rinkside_director', 'MEMBER')
      AND (
        kind IN ('assignment', 'setting')
        OR (kind = 'board' AND EXISTS (SELECT FROM rinkside.boards b WHERE b.id = record_id AND b.kind = 'department'))
      )
    )
  );

CREATE FUNCTION rinkside.state_of(a rinkside.assignments) RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS $$ SELECT jsonb_build_object('assignee', a.assignee, 'player', a.player, 'assignedOn', a.assigned_on,
    'dueDate', a.due_date, 'note', a.note,
    'game', CASE WHEN a.game_date IS NULL THEN NULL
      ELSE jsonb_build_object('date', a.game_date, 'homeTeam', a.home_team, 'awayTeam', a.away_team) END,
    'deleted', a.deleted) $$;
CREATE FUNCTION rinkside.state_of(s rinkside.department_settings) RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS $$ SELECT jsonb_build_object('disagreementThreshold', s.disagreement_threshold, 'deleted', s.deleted) $$;

-- 005's two functions with the new kinds.
CREATE OR REPLACE FUNCTION rinkside.locked_record(p_kind text, p_id uuid, OUT o_rev uuid, OUT o_owner name, OUT o_state jsonb)
  LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  CASE p_kind
    WHEN 'report' THEN
      SELECT r.rev, r.owner, rinkside.state_of(r) INTO o_rev, o_owner, o_state
        FROM rinkside.reports r WHERE r.id = p_id FOR UPDATE;
    WHEN 'list' THEN
      SELECT l.rev, l.owner, rinkside.state_of(l) INTO o_rev, o_owner, o_state
        FROM rinkside.lists l WHERE l.id = p_id FOR UPDATE;
    WHEN 'entry' THEN
      SELECT e.rev, e.owner, rinkside.state_of(e) INTO o_rev, o_owner, o_state
        FROM rinkside.list_entries e WHERE e.id = p_id FOR UPDATE;
    WHEN 'board' THEN
      SELECT b.rev, b.owner, rinkside.state_of(b) INTO o_rev, o_owner, o_state
        FROM rinkside.boards b WHERE b.id = p_id FOR UPDATE;
    WHEN 'assignment' THEN
      SELECT a.rev, a.owner, rinkside.state_of(a) INTO o_rev, o_owner, o_state
        FROM rinkside.assignments a WHERE a.id = p_id FOR UPDATE;
    WHEN 'setting' THEN
      SELECT s.rev, s.owner, rinkside.state_of(s) INTO o_rev, o_owner, o_state
        FROM rinkside.department_settings s WHERE s.id = p_id FOR UPDATE;
    ELSE
      RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE = format('no kind of record "%s"', p_kind);
  END CASE;
END
$$;

CREATE OR REPLACE FUNCTION rinkside.write_record(p_kind text, p_id uuid, p_rev uuid, p_state jsonb, p_exists boolean)
  RETURNS void
  LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  v_deleted boolean := coalesce((p_state ->> 'deleted')::boolean, false);
BEGIN
  CASE p_kind
    WHEN 'report' THEN
      IF p_exists THEN
        UPDATE rinkside.reports r SET rev = p_rev, deleted = v_deleted, status = p_state ->> 'status',
            player = p_state -> 'player', body = p_state -> 'body'
          WHERE r.id = p_id;
      ELSE
        INSERT INTO rinkside.reports (id, rev, deleted, status, player, body)
          VALUES (p_id, p_rev, v_deleted, p_state ->> 'status', p_state -> 'player', p_state -> 'body');
      END IF;
    WHEN 'list' THEN
      IF p_exists THEN
        UPDATE rinkside.lists l SET rev = p_rev, deleted = v_deleted, name = p_state ->> 'name',
            shared = (p_state ->> 'shared')::boolean
          WHERE l.id = p_id;
      ELSE
        INSERT INTO rinkside.lists (id, rev, deleted, name, shared)
          VALUES (p_id, p_rev, v_deleted, p_state ->> 'name', (p_state ->> 'shared')::boolean);
      END IF;
    WHEN 'entry' THEN
      -- An entry never moves to another list: `list_id` is written once.
      IF p_exists THEN
        UPDATE rinkside.list_entries e SET rev = p_rev, deleted = v_deleted, player = p_state -> 'player',
            rating = (p_state ->> 'rating')::smallint, note = p_state ->> 'note'
          WHERE e.id = p_id;
      ELSE
        INSERT INTO rinkside.list_entries (id, rev, deleted, list_id, player, rating, note)
          VALUES (p_id, p_rev, v_deleted, (p_state ->> 'listId')::uuid, p_state -> 'player',
            (p_state ->> 'rating')::smallint, p_state ->> 'note');
      END IF;
    WHEN 'board' THEN
      -- A board's kind is written once.
      IF p_exists THEN
        UPDATE rinkside.boards b SET rev = p_rev, deleted = v_deleted, name = p_state ->> 'name',
            tiers = p_state -> 'tiers', entries = p_state -> 'entries', label = p_state ->> 'label'
          WHERE b.id = p_id;
      ELSE
        INSERT INTO rinkside.boards (id, rev, deleted, kind, name, tiers, entries, label)
          VALUES (p_id, p_rev, v_deleted, p_state ->> 'kind', p_state ->> 'name', p_state -> 'tiers',
            p_state -> 'entries', p_state ->> 'label');
      END IF;
    WHEN 'assignment' THEN
      IF p_exists THEN
        UPDATE rinkside.assignments a SET rev = p_rev, deleted = v_deleted, assignee = p_state ->> 'assignee',
            player = p_state -> 'player', assigned_on = (p_state ->> 'assignedOn')::date,
            due_date = (p_state ->> 'dueDate')::date, note = p_state ->> 'note',
            game_date = (p_state #>> '{game,date}')::date,
            home_team = coalesce(p_state #>> '{game,homeTeam}', ''), away_team = coalesce(p_state #>> '{game,awayTeam}', '')
          WHERE a.id = p_id;
      ELSE
        INSERT INTO rinkside.assignments (id, rev, deleted, assignee, player, assigned_on, due_date, note, game_date,
            home_team, away_team)
          VALUES (p_id, p_rev, v_deleted, p_state ->> 'assignee', p_state -> 'player', (p_state ->> 'assignedOn')::date,
            (p_state ->> 'dueDate')::date, p_state ->> 'note', (p_state #>> '{game,date}')::date,
            coalesce(p_state #>> '{game,homeTeam}', ''), coalesce(p_state #>> '{game,awayTeam}', ''));
      END IF;
    WHEN 'setting' THEN
      IF p_exists THEN
        UPDATE rinkside.department_settings s SET rev = p_rev, deleted = v_deleted,
            disagreement_threshold = (p_state ->> 'disagreementThreshold')::numeric
          WHERE s.id = p_id;
      ELSE
        INSERT INTO rinkside.department_settings (id, rev, deleted, disagreement_threshold)
          VALUES (p_id, p_rev, v_deleted, (p_state ->> 'disagreementThreshold')::numeric);
      END IF;
  END CASE;
END
$$;

GRANT EXECUTE ON FUNCTION
  rinkside.state_of(rinkside.assignments),
  rinkside.state_of(rinkside.department_settings)
  TO rinkside_scout;
