import {
  PGlite,
  parse,
  protocol,
  type PGliteOptions,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Statement {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them: each value is serialized for its type. */
  paramTypes: number[];
  /** The shape of the rows, which Bind/Execute do not repeat; absent for statements that return none. */
  rowDescription?: BackendMessage;
}

/** Enough for every query shape the app writes; past it the least recently used statement is closed. */
const CAPACITY = 500;

const { serialize } = protocol;

/**
 * PGlite that parses each distinct query once, as a named statement, instead of on every call.
 *
 * PGlite's own query() sends six protocol messages through PostgreSQL compiled to WebAssembly for every
 * call: Parse, Describe, Bind, Describe, Execute, Sync, so PostgreSQL parses, analyses and plans the SQL
 * anew each time. For the bell's poll that was most of the server's CPU (docs/performance.md, What the decisions measured). Here a
 * query's first call parses and describes it under a name; later calls send Bind, Execute and Sync at once, and
 * PostgreSQL reuses its plan as it does for any prepared statement (re-planning by itself after a schema
 * change). It is what node-postgres does for a named query, built on PGlite's public protocol API.
 *
 * Queries inside a transaction go through PGlite's own path (drizzle gives them the transaction's handle);
 * this one, like query(), waits for any open transaction to end first.
 */
export class StatementCachingPGlite extends PGlite {
  readonly #statements = new Map<string, Statement>();
  #nextName = 0;

  /** `dataDir` undefined keeps the database in memory. (PGlite itself ignores its second argument then.) */
  constructor(dataDir: string | undefined, options: PGliteOptions) {
    super({ ...options, dataDir });
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(() => this.#run<T>(text, params, options)),
    );
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement: Statement;
    let values: Array<string | null>;
    try {
      statement = await this.#statement(text, options);
      values = this.#values(statement, params, options);
    } catch (err) {
      // Ends the exchange that failed or was left open, so the next query starts clean.
      await this.#send(serialize.sync());
      throw withQuery(err, text, params, options);
    }
    let messages: BackendMessage[];
    try {
      // One exchange: PostgreSQL runs all three, and PGlite reports an error once it has read them all.
      messages = await this.#send(
        Buffer.concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
    } catch (err) {
      // Parsed again next time: the error may be the statement's own (a table dropped or changed under it).
      await this.#forget(text, statement);
      throw withQuery(err, text, params, options);
    }
    // As PGlite's query() does outside a transaction, so a write is on disk before it is acknowledged.
    await this.syncToFs();
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, this.parsers, options)[0] as Results<T>;
  }

  /** Each value as text, by the serializer of the type PostgreSQL inferred for its placeholder. */
  #values(statement: Statement, params: unknown[], options: QueryOptions | undefined) {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
  }

  /** The named statement for `text`, parsed and described on first use. */
  async #statement(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const cached = this.#statements.get(text);
    if (cached) {
      // Most recently used last, so eviction takes the coldest.
      this.#statements.delete(text);
      this.#statements.set(text, cached);
      return cached;
    }
    if (this.#statements.size >= CAPACITY) {
      const [coldest, evicted] = this.#statements.entries().next().value as [string, Statement];
      await this.#forget(coldest, evicted);
    }
    const name = `referbridge_${this.#nextName++}`;
    await this.#send(serialize.parse({ name, text, types: options?.paramTypes }));
    const description = await this.#send(serialize.describe({ type: 'S', name }));
    const parameters = description.find((m) => m instanceof protocol.messages.ParameterDescriptionMessage);
    const statement: Statement = {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      rowDescription: description.find((m) => m.name === 'rowDescription'),
    };
    this.#statements.set(text, statement);
    return statement;
  }

  async #forget(text: string, statement: Statement): Promise<void> {
    this.#statements.delete(text);
    await this.#send(serialize.close({ type: 'S', name: statement.name }));
    await this.#send(serialize.sync());
  }

  #send(message: Uint8Array): Promise<BackendMessage[]> {
    return this.execProtocolStream(message, { syncToFs: false });
  }
}

/** PGlite's errors carry the query that failed (its query() adds them); so do these. */
function withQuery(err: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (err instanceof protocol.messages.DatabaseError) {
    Object.assign(err, { query, params, queryOptions: options });
  }
  return err;
}
