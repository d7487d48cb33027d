/**
 * The sync's transport over the PocketBase JS SDK: list requests sorted by (updated_at, id)
 * with the cursor as a filter, realtime subscriptions per collection, and PocketBase's
 * PB_CONNECT event for reconnects. Requests are never auto-cancelled (pages and events overlap).
 */
import type PocketBase from 'pocketbase';
import type { DateWindow } from '@domain/schedule/day-plan';
import type { Cursor } from './cursor';
import type { RealtimeAction, ServerRow, SyncTransport } from './transport';

/** The PocketBase filter for rows after `after`: a later updated_at, or the same one and a later id. */
export function cursorFilter(pb: Pick<PocketBase, 'filter'>, after: Cursor | null, extra?: string): string {
  const clauses: string[] = [];
  if (after) clauses.push(pb.filter('(updated_at > {:t} || (updated_at = {:t} && id > {:id}))', { t: after.updatedAt, id: after.id }));
  if (extra) clauses.push(`(${extra})`);
  return clauses.join(' && ');
}

/** The PocketBase filter for rows with any of `dateFields` (text dates) inside `window`. */
export function windowFilter(pb: Pick<PocketBase, 'filter'>, dateFields: readonly string[], window: DateWindow): string {
  return dateFields.map((f) => pb.filter(`(${f} >= {:from} && ${f} <= {:to})`, { from: window.from, to: window.to })).join(' || ');
}

export function pbTransport(pb: PocketBase): SyncTransport {
  return {
    async listAfter(collection, after, limit, filter) {
      const page = await pb.collection(collection).getList<ServerRow>(1, limit, {
        filter: cursorFilter(pb, after, filter),
        sort: 'updated_at,id',
        skipTotal: true,
        requestKey: null,
      });
      return page.items;
    },
    async listWindow(collection, dateFields, window, limit) {
      const page = await pb.collection(collection).getList<ServerRow>(1, limit, { filter: windowFilter(pb, dateFields, window), skipTotal: true, requestKey: null });
      return page.items;
    },
    subscribe(collection, onEvent) {
      return pb.collection(collection).subscribe<ServerRow>('*', (e) => onEvent(e.action as RealtimeAction, e.record), { requestKey: null });
    },
    onReconnect(onReconnect) {
      let connected = false;
      return pb.realtime.subscribe('PB_CONNECT', () => {
        if (connected) onReconnect();
        connected = true;
      });
    },
  };
}
