import type { Database } from './client.ts';

/**
 * A hot query of a fixed shape, built once per database handle and run as a named prepared
 * statement (decision 072): drizzle takes 100-300 µs of CPU to build a select of a whole row
 * on this machine, every time, and a prepared one is built once; PostgreSQL then parses it once
 * per connection. Values go in as `sql.placeholder`s. A transaction is a handle of its own, so
 * in one the statement is built once per transaction (as an ordinary query would be). One name,
 * one SQL text: pg refuses a name prepared on a connection with a different text.
 */
export function preparedPerHandle<T>(prepare: (db: Database) => T): (db: Database) => T {
  const byHandle = new WeakMap<Database, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (statement === undefined) byHandle.set(db, (statement = prepare(db)));
    return statement;
  };
}
