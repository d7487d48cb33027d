/**
 * The route table's handler names checked against the hooks libraries' exports (a typo, or a
 * handler of the wrong library, fails `npm run typecheck`). Types only: nothing here is built.
 */
import type * as app from './lib/app';
import type * as dateReads from './lib/date-reads';
import type { Caller, JOBS, ROUTES } from './route-table';

/** The names of a library's exports that answer a request. */
type RouteHandler<L> = { [K in keyof L]: L[K] extends (e: core.RequestEvent) => void ? K : never }[keyof L] & string;
/** The names of the hooks library's exports that run as a job on the app. */
type JobHandler = { [K in keyof typeof app]: (typeof app)[K] extends (a: CoreApp) => unknown ? K : never }[keyof typeof app] & string;

interface RouteBase {
  method: 'GET' | 'POST';
  path: `/api/fn/${string}`;
  caller: Caller;
}

type RouteSpec = (RouteBase & { library: 'app'; handler: RouteHandler<typeof app> }) | (RouteBase & { library: 'date-reads'; handler: RouteHandler<typeof dateReads> });

interface JobSpec {
  name: string;
  schedule: string;
  handler: JobHandler;
  why: string;
}

type Check<T extends true> = T;
/** Fails to compile unless every route and job of the table fits its spec. */
export type RouteTableIsValid = Check<(typeof ROUTES)[number] extends RouteSpec ? ((typeof JOBS)[number] extends JobSpec ? true : false) : false>;
