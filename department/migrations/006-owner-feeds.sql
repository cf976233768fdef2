-- 006: the feeds of rows that only their own scout reads (a report's history, a conflict kept for its
-- author) indexed by that scout first. Row-level security adds `owner = current_user` (`author = …`) to
-- every pull of them; with the (xid, id) index alone each page read the whole department's history to
-- find one scout's rows, and a first pull read it once a page. With the scout first, a page reads his rows
-- only, already in the pull's (xid, id) order. The old indexes served nothing else, and every push paid
-- to keep them.
SET LOCAL ROLE rinkside_owner;

CREATE INDEX report_versions_owner_feed ON rinkside.report_versions (owner, xid, id);
DROP INDEX rinkside.report_versions_feed;

CREATE INDEX conflicts_author_feed ON rinkside.conflicts (author, xid, id);
DROP INDEX rinkside.conflicts_feed;
