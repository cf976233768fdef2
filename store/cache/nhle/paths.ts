/**
 * How a league with no direct moves into the target league (the NHL) still gets a factor: through other
 * leagues, as CJ Turtoro's network NHLe does (leagues as nodes, the players who moved between them as the
 * weight of each edge) and Patrick Bacon's NHLe model after it ("NHL Equivalency and Prospect Projection
 * Models", 2020). Of every path into the target, the one whose weakest link (its edge with the fewest
 * players) has the most players is taken; ties go to fewer steps, then to the path whose league slugs come
 * first. Its factor is the product of its edges' factors.
 */

/** A directed edge: league `from` in one season to league `to` the next, with its players. */
export interface PathEdge {
  from: string;
  to: string;
  /** Players behind the edge's factor. */
  sample: number;
}

/** The chosen path of a league: its leagues from itself to the target, and its weakest link's players. */
export interface ChosenPath {
  leagues: string[];
  weakest: number;
}

/**
 * The chosen path of every league that reaches `target`: a direct edge when there is one, else the
 * widest path (maximin of players, then fewest steps, then slug order). The target's own path is itself
 * (weakest: Infinity). Leagues that never reach it are absent.
 */
export function choosePaths(edges: readonly PathEdge[], target: string): Map<string, ChosenPath> {
  const into = new Map<string, PathEdge[]>();
  for (const e of edges) {
    if (e.from === e.to || e.sample <= 0) continue;
    const list = into.get(e.to);
    if (list) list.push(e);
    else into.set(e.to, [e]);
  }
  // Dijkstra on the reversed graph with the label (weakest link desc, steps asc): both only worsen along a path.
  const best = new Map<string, ChosenPath>([[target, { leagues: [target], weakest: Number.POSITIVE_INFINITY }]]);
  const done = new Set<string>();
  for (;;) {
    let pick: string | null = null;
    for (const [league, p] of best) {
      if (done.has(league)) continue;
      if (pick === null || better(p, best.get(pick) as ChosenPath)) pick = league;
    }
    if (pick === null) break;
    done.add(pick);
    const via = best.get(pick) as ChosenPath;
    for (const e of into.get(pick) ?? []) {
      if (done.has(e.from)) continue;
      const cand = { leagues: [e.from, ...via.leagues], weakest: Math.min(via.weakest, e.sample) };
      const cur = best.get(e.from);
      if (cur === undefined || better(cand, cur)) best.set(e.from, cand);
    }
  }
  // A direct edge wins over any longer path, whatever its sample.
  for (const e of into.get(target) ?? []) best.set(e.from, { leagues: [e.from, target], weakest: e.sample });
  return best;
}

function better(a: ChosenPath, b: ChosenPath): boolean {
  if (a.weakest !== b.weakest) return a.weakest > b.weakest;
  if (a.leagues.length !== b.leagues.length) return a.leagues.length < b.leagues.length;
  return a.leagues.join('>') < b.leagues.join('>');
}
