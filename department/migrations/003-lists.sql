-- 003: scouting lists and their entries: private to their owner unless he shares the list with the
-- department, and then readable by every scout and still written by the owner only. Withdrawals tell the
-- laptops that had a copy of a list that went private to drop it.
SET LOCAL ROLE rinkside_owner;

CREATE TABLE rinkside.lists (
  id uuid PRIMARY KEY,
  owner name NOT NULL DEFAULT current_user,
  rev uuid NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  name text NOT NULL,
  shared boolean NOT NULL DEFAULT false
);
CREATE INDEX lists_feed ON rinkside.lists (xid, id);

-- No foreign key to lists: the insert policy below already demands the writer's own list, and a key would
-- let its check (which ignores row-level security) tell a scout that a colleague's private list exists.
CREATE TABLE rinkside.list_entries (
  id uuid PRIMARY KEY,
  owner name NOT NULL DEFAULT current_user,
  rev uuid NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now(),
  list_id uuid NOT NULL,
  player jsonb NOT NULL CHECK (jsonb_typeof(player) = 'object'),
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  note text NOT NULL DEFAULT ''
);
CREATE INDEX list_entries_feed ON rinkside.list_entries (xid, id);
CREATE INDEX list_entries_list ON rinkside.list_entries (list_id);

-- Rows carry no content: only that a record is no longer readable by those who had it.
CREATE TABLE rinkside.withdrawals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('list', 'entry')),
  record_id uuid NOT NULL,
  owner name NOT NULL DEFAULT current_user,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  committed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawals_feed ON rinkside.withdrawals (xid, id);

CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.lists
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();
CREATE TRIGGER stamp BEFORE INSERT OR UPDATE ON rinkside.list_entries
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();
CREATE TRIGGER stamp BEFORE INSERT ON rinkside.withdrawals
  FOR EACH ROW EXECUTE FUNCTION rinkside.stamp();

-- A list's entries are read through their list, but their rows do not change when it is shared or made
-- private, so the pull would miss both: going private writes a withdrawal for the list and each entry;
-- going shared again restamps the entries (`SET rev = rev` fires their stamp), so colleagues pull them again.
CREATE FUNCTION rinkside.list_sharing() RETURNS trigger
  LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp
  AS $$
BEGIN
  IF OLD.shared AND NOT NEW.shared THEN
    INSERT INTO rinkside.withdrawals (kind, record_id) VALUES ('list', NEW.id);
    INSERT INTO rinkside.withdrawals (kind, record_id)
      SELECT 'entry', e.id FROM rinkside.list_entries e WHERE e.list_id = NEW.id;
  ELSIF NEW.shared AND NOT OLD.shared THEN
    UPDATE rinkside.list_entries e SET rev = e.rev WHERE e.list_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER sharing AFTER UPDATE OF shared ON rinkside.lists
  FOR EACH ROW EXECUTE FUNCTION rinkside.list_sharing();

ALTER TABLE rinkside.lists ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.lists FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.lists TO rinkside_scout;
GRANT UPDATE (rev, deleted, name, shared) ON rinkside.lists TO rinkside_scout;

-- A list is its owner's unless he shares it; then the department reads it. For anyone else a private list
-- does not exist: SELECT (and UPDATE) filter it out silently, as row-level security does.
CREATE POLICY lists_read ON rinkside.lists FOR SELECT TO rinkside_scout
  USING (owner = current_user OR shared);
-- A scout makes lists in his own name only.
CREATE POLICY lists_insert ON rinkside.lists FOR INSERT TO rinkside_scout WITH CHECK (owner = current_user);
-- What he can read he may aim at, but the row after the update must be his own: an update of a colleague's
-- shared list is refused with an error.
CREATE POLICY lists_update ON rinkside.lists FOR UPDATE TO rinkside_scout
  USING (owner = current_user OR shared) WITH CHECK (owner = current_user);

ALTER TABLE rinkside.list_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.list_entries FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.list_entries TO rinkside_scout;
GRANT UPDATE (rev, deleted, player, rating, note) ON rinkside.list_entries TO rinkside_scout;

-- An entry is read as its list is: by its owner, or by the department while the list is shared (the
-- subquery runs under the lists' own policy).
CREATE POLICY list_entries_read ON rinkside.list_entries FOR SELECT TO rinkside_scout
  USING (owner = current_user OR EXISTS (SELECT FROM rinkside.lists l WHERE l.id = list_id AND l.shared));
-- Entries go into the writer's own lists only, in his own name: nobody adds to a colleague's list.
CREATE POLICY list_entries_insert ON rinkside.list_entries FOR INSERT TO rinkside_scout
  WITH CHECK (
    owner = current_user
    AND EXISTS (SELECT FROM rinkside.lists l WHERE l.id = list_id AND l.owner = current_user)
  );
-- As for lists: a colleague's shared entry is refused with an error, a private one is not there.
CREATE POLICY list_entries_update ON rinkside.list_entries FOR UPDATE TO rinkside_scout
  USING (owner = current_user OR EXISTS (SELECT FROM rinkside.lists l WHERE l.id = list_id AND l.shared))
  WITH CHECK (owner = current_user);

ALTER TABLE rinkside.withdrawals ENABLE ROW LEVEL SECURITY;
ALTER TABLE rinkside.withdrawals FORCE ROW LEVEL SECURITY;
GRANT SELECT, INSERT ON rinkside.withdrawals TO rinkside_scout;

-- They carry no content, and every laptop that may have had the copy needs them.
CREATE POLICY withdrawals_read ON rinkside.withdrawals FOR SELECT TO rinkside_scout USING (true);
-- Written by the trigger above as the list's owner: only a record of his own can be withdrawn.
CREATE POLICY withdrawals_insert ON rinkside.withdrawals FOR INSERT TO rinkside_scout
  WITH CHECK (
    owner = current_user
    AND CASE kind
      WHEN 'list' THEN EXISTS (SELECT FROM rinkside.lists l WHERE l.id = record_id AND l.owner = current_user)
      ELSE EXISTS (SELECT FROM rinkside.list_entries e WHERE e.id = record_id AND e.owner = current_user)
    END
  );
