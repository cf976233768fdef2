import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

/**
 * What a view's module exports to start its data as its route is entered, before the view renders
 * (app/App.tsx calls it from the route's loader): the view's queries prefetched into `client` under the very
 * keys its hooks read, and the queries that depend on their answers asked as soon as those are in, rather than
 * after a render of the view between each. `params`: the route's path parameters; `search`: its query string.
 * Never throws; a failed request is the view's to show, when its hook asks again.
 */
export type WarmRoute = (client: QueryClient, params: Params, search: URLSearchParams) => void;
