import { longestRecords, storedGame } from '../lib/records';
import { round } from '../lib/stats';
import type { ServerBench } from './context';

/**
 * Section 6: stored sizes, bytes. The real rows of the secret-dice games played here (event,
 * snapshot, outbox, with and without indexes), and for each shipped game's longest record what
 * its events and snapshot take as JSON and as stored (TOAST-compressed) by PostgreSQL.
 */
export async function measureStorage(b: ServerBench): Promise<Record<string, unknown>> {
  const { admin } = b;
  const storage: Record<string, unknown> = {};
  const ev = (
    await admin.query(
      `select count(*)::int as n, avg(pg_column_size(e.*))::float as row_bytes, avg(pg_column_size(e.response))::float as response_bytes,
              avg(pg_column_size(e.payload))::float as payload_bytes, avg(pg_column_size(e.log))::float as log_bytes
       from game_events e where e.kind = 'move' and e.game_id like 'g\\_%'`,
    )
  ).rows[0];
  const snap = (
    await admin.query(`select avg(pg_column_size(snapshot))::float as b from games where type = 'secret-dice' and id like 'g\\_%'`)
  ).rows[0];
  const out = (await admin.query(`select count(*)::int as n, avg(pg_column_size(o.*))::float as b from outbox o where o.kind <> 'signin'`))
    .rows[0];
  const outboxStatus = Object.fromEntries(
    (await admin.query(`select kind || ' ' || status as k, count(*)::int as n from outbox group by 1 order by 1`)).rows.map(
      (x: { k: string; n: number }) => [x.k, x.n],
    ),
  );
  const rel = (
    await admin.query(
      `select pg_total_relation_size('game_events')::bigint as ev, (select count(*) from game_events)::int as evn,
              pg_total_relation_size('outbox')::bigint as ob, (select count(*) from outbox)::int as obn`,
    )
  ).rows[0];
  storage['secret-dice (played here)'] = {
    move_events: ev.n,
    event_row_bytes: round(ev.row_bytes),
    event_response_bytes: round(ev.response_bytes),
    event_payload_bytes: round(ev.payload_bytes),
    event_log_bytes: round(ev.log_bytes),
    snapshot_bytes: round(snap.b),
    outbox_rows: out.n,
    outbox_by_kind_and_status: outboxStatus,
    outbox_row_bytes: round(out.b),
    game_events_total_bytes_per_row_incl_indexes: round(Number(rel.ev) / Math.max(rel.evn, 1)),
    outbox_total_bytes_per_row_incl_indexes: round(Number(rel.ob) / Math.max(rel.obn, 1)),
  };
  const client = await admin.connect();
  try {
    await client.query('create temp table ev (payload jsonb, log jsonb, response text, snapshot jsonb)', []);
    for (const [type, { record }] of longestRecords()) {
      const sg = storedGame(record);
      await client.query('truncate ev', []);
      for (const e of sg.events)
        await client.query('insert into ev (payload, log, response) values ($1, $2, $3)', [e.payload, e.log, e.response]);
      await client.query('insert into ev (snapshot) values ($1)', [sg.snapshotJson]);
      const r = (
        await client.query(
          `select avg(pg_column_size(payload) + pg_column_size(log) + pg_column_size(response))::float as stored,
                  avg(pg_column_size(response))::float as response, max(pg_column_size(snapshot))::float as snapshot,
                  avg(octet_length(response))::float as response_text
           from ev`,
          [],
        )
      ).rows[0];
      storage[type] = {
        moves: sg.moves,
        players: sg.players,
        snapshot_json_bytes: Buffer.byteLength(sg.snapshotJson),
        snapshot_stored_bytes: round(r.snapshot),
        event_json_bytes_per_move: round(sg.events.reduce((a, e) => a + e.payload.length + e.log.length + e.response.length, 0) / sg.moves),
        event_stored_bytes_per_move: round(r.stored),
        response_text_bytes_per_move: round(r.response_text),
        response_stored_bytes_per_move: round(r.response),
      };
    }
  } finally {
    client.release();
  }
  return storage;
}
