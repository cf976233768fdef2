-- 005: the push. Laptops send changes (whole new states of records, shared/department/changes.ts); the
-- server applies each once, keeps both sides of a conflict, and answers per change. Everything runs as the
-- scout who pushes (SECURITY INVOKER), so the policies of 002-004 decide what he may write.
SET LOCAL ROLE rinkside_owner;

-- The idempotency log: one row per change id ever pushed. A change id seen again is answered 'duplicate'
-- and not applied again, so a push whose answer was lost can simply be repeated.
CREATE TABLE rinkside.changes (
  change_id uuid PRIMARY KEY,
  owner name NOT NULL DEFAULT current_user,
  kind text NOT NULL,
  record_id uuid,
  outcome text NOT NULL CHECK (outcome IN ('applied', 'conflict', 'refused')),
  committed_at timestamptz NOT NULL DEFAULT now()
);

-- A state overwritten by a change that did not know it (its base was not the record's rev): kept for the
-- author of the overwritten state, who keeps it (pushes it again) or drops it, and then marks it resolved.
CREATE TABLE rinkside.conflicts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  record_id uuid NOT NULL,
  author name NOT NULL,
  change_id uuid NOT NULL,
  state jsonb NOT NULL,
  winner uuid NOT NULL,
  resolved boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conflicts_feed ON rinkside.conflicts (xid, id);
CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.conflicts
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();

ALTER TABLE rinkside.changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.changes FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.changes TO rinkside_scout;
-- A scout's log is his own: what colleagues pushed, and when, is none of his business.
CREATE POLICY changes_read ON rinkside.changes FOR SELECT TO rinkside_scout USING (owner = current_user);
CREATE POLICY changes_insert ON rinkside.changes FOR INSERT TO rinkside_scout WITH CHECK (owner = current_user);

ALTER TABLE rinkside.conflicts ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.conflicts FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.conflicts TO rinkside_scout;
GRANT UPDATE (resolved) ON rinkside.conflicts TO rinkside_scout;
-- A conflict is shown to the author of the state that lost, and to nobody else.
CREATE POLICY conflicts_read ON rinkside.conflicts FOR SELECT TO rinkside_scout USING (author = current_user);
-- Written by the push as the scout whose change won. For his own records that is the loser too; on the
-- department board a director may record the version of another director he overwrote.
CREATE POLICY conflicts_insert ON rinkside.conflicts FOR INSERT TO rinkside_scout
  WITH CHECK (
    author = current_user
    OR (
      kind = 'board'
      AND pg_has_role(current_user, 'rinkside_director', 'MEMBER')
      AND EXISTS (SELECT FROM rinkside.boards b WHERE b.id = record_id AND b.kind = 'department')
    )
  );
-- Only its author marks a conflict resolved (the only column granted).
CREATE POLICY conflicts_resolve ON rinkside.conflicts FOR UPDATE TO rinkside_scout
  USING (author = current_user) WITH CHECK (author = current_user);

-- A record's state as a change carries it: defined once here, for the conflicts kept by the push and for
-- the rows a pull sends (department/sync/pull.ts).
CREATE FUNCTION rinkside.state_of(r rinkside.reports) RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS $$ SELECT jsonb_build_object('status', r.status, 'player', r.player, 'body', r.body, 'deleted', r.deleted) $$;
CREATE FUNCTION rinkside.state_of(l rinkside.lists) RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS $$ SELECT jsonb_build_object('name', l.name, 'shared', l.shared, 'deleted', l.deleted) $$;
CREATE FUNCTION rinkside.state_of(e rinkside.list_entries) RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS $$ SELECT jsonb_build_object('listId', e.list_id, 'player', e.player, 'rating', e.rating, 'note', e.note,
    'deleted', e.deleted) $$;
CREATE FUNCTION rinkside.state_of(b rinkside.boards) RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS $$ SELECT jsonb_build_object('kind', b.kind, 'name', b.name, 'tiers', b.tiers, 'entries', b.entries,
    'label', b.label, 'deleted', b.deleted) $$;

-- The record a change is for, locked until the push commits so that two pushes of the same record are
-- ordered by the server. No row: new, or not readable by this scout (his insert will then be refused).
CREATE FUNCTION rinkside.locked_record(p_kind text, p_id uuid, OUT o_rev uuid, OUT o_owner name, OUT o_state jsonb)
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
    ELSE
      RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE = format('no kind of record "%s"', p_kind);
  END CASE;
END
$$;

-- Writes a change's state as the record's new state: an UPDATE of the row locked above, else an INSERT.
-- Malformed states fail on the tables' own types and constraints.
CREATE FUNCTION rinkside.write_record(p_kind text, p_id uuid, p_rev uuid, p_state jsonb, p_exists boolean)
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
  END CASE;
END
$$;

-- The push: a JSON array of at most 50 changes (each runs in a subtransaction; past 64 of them PostgreSQL's
-- snapshots of every session slow down), in one round trip and one transaction. Per change:
--   1. lock the record and read its rev;
--   2. log the change id; already logged -> 'duplicate' (and what it was first answered), nothing else done;
--   3. write the new state. The record's rev was the change's base (or a new record) -> 'applied'; it was
--      not -> written anyway (the change the server commits last is shown; laptops' clocks order nothing)
--      and the overwritten state kept in `conflicts` for its author -> 'conflict';
--   4. refused by a policy, a grant or a constraint -> 'refused' with the server's error, logged as such;
--      the other changes of the batch go on. Other errors (a deadlock, a lost connection) fail the whole
--      push, which the laptop repeats.
CREATE FUNCTION rinkside.push(changes jsonb)
  RETURNS TABLE (change_id uuid, outcome text, rev uuid, reason text)
  LANGUAGE plpgsql SECURITY INVOKER SET search_path = pg_catalog, pg_temp
  AS $$
DECLARE
  c jsonb;
  v_change uuid;
  v_kind text;
  v_record uuid;
  v_old record;
BEGIN
  IF jsonb_typeof(changes) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value', MESSAGE = 'a push takes a JSON array of changes';
  END IF;
  IF jsonb_array_length(changes) > 50 THEN
    RAISE EXCEPTION USING ERRCODE = 'program_limit_exceeded',
      MESSAGE = format('a push takes at most 50 changes, not %s', jsonb_array_length(changes));
  END IF;
  FOR c IN SELECT value FROM jsonb_array_elements(changes) LOOP
    change_id := NULL; outcome := NULL; rev := NULL; reason := NULL;
    v_change := NULL; v_kind := NULL; v_record := NULL;
    BEGIN
      v_change := (c ->> 'changeId')::uuid;
      change_id := v_change;
      v_kind := c ->> 'kind';
      v_record := (c ->> 'recordId')::uuid;
      SELECT * INTO v_old FROM rinkside.locked_record(v_kind, v_record);
      outcome := CASE WHEN v_old.o_rev IS DISTINCT FROM (c ->> 'base')::uuid AND v_old.o_rev IS NOT NULL
        THEN 'conflict' ELSE 'applied' END;
      INSERT INTO rinkside.changes (change_id, kind, record_id, outcome)
        VALUES (v_change, v_kind, v_record, outcome) ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        -- What it was answered the first time, for a laptop whose answer was lost.
        SELECT 'first answered: ' || ch.outcome INTO reason FROM rinkside.changes ch WHERE ch.change_id = v_change;
        outcome := 'duplicate';
        rev := v_old.o_rev;
      ELSE
        PERFORM rinkside.write_record(v_kind, v_record, v_change, c -> 'state', v_old.o_rev IS NOT NULL);
        IF outcome = 'conflict' THEN
          INSERT INTO rinkside.conflicts (kind, record_id, author, change_id, state, winner)
            VALUES (v_kind, v_record, v_old.o_owner, v_old.o_rev, v_old.o_state, v_change);
        END IF;
        rev := v_change;
      END IF;
    EXCEPTION WHEN insufficient_privilege OR integrity_constraint_violation OR data_exception THEN
      outcome := 'refused';
      rev := NULL;
      reason := SQLSTATE || ': ' || SQLERRM;
      IF v_change IS NOT NULL THEN
        INSERT INTO rinkside.changes (change_id, kind, record_id, outcome)
          VALUES (v_change, coalesce(v_kind, ''), v_record, 'refused') ON CONFLICT DO NOTHING;
      END IF;
    END;
    RETURN NEXT;
  END LOOP;
END
$$;

GRANT EXECUTE ON FUNCTION
  rinkside.push(jsonb),
  rinkside.locked_record(text, uuid),
  rinkside.write_record(text, uuid, uuid, jsonb, boolean),
  rinkside.state_of(rinkside.reports),
  rinkside.state_of(rinkside.lists),
  rinkside.state_of(rinkside.list_entries),
  rinkside.state_of(rinkside.boards)
  TO rinkside_scout;
