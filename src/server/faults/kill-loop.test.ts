import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createFaultDatabase,
  faultDatabases,
  seedUsers,
  type FaultDatabase,
  type SeededUser,
} from './fault-database.js';
import { killAll, sleep, startServer, type ServerProcess } from './server-process.js';

/** FAULT_ROUNDS=50 for the full run the issue asks for; CI keeps a few so the folder stays within its minute. */
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 2);
const WRITERS = 8;
/** Half skills, half experiences: under the profile caps (100 and 50), so every answer should be a 201. */
const WRITES_PER_ROUND = 90;

interface Acknowledged {
  skills: string[];
  experiences: string[];
}

/**
 * Concurrent writes, each acknowledged one recorded; SIGKILL at a random moment; restart on the same data;
 * every acknowledged write must be there, once. A server that answered 201 before its transaction was
 * durable, or that could not start again after a kill (a stale lock, a half-written file), fails here.
 */
describe.each(faultDatabases)('kill -9 loop (%s)', (kind) => {
  let database: FaultDatabase;
  let users: SeededUser[];
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createFaultDatabase(kind);
    users = await database.use((db) => seedUsers(db, ROUNDS, 'killed'));
  }, 120_000);

  afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await database?.drop();
  });

  async function writeUntilKilled(
    user: SeededUser,
    round: number,
  ): Promise<{ acked: Acknowledged; odd: string[] }> {
    const acked: Acknowledged = { skills: [], experiences: [] };
    const odd: string[] = [];
    let issued = 0;
    let killed = false;
    const write = async (n: number): Promise<void> => {
      // Two kinds of write, each a transaction that locks the user's row for its cap check.
      const skill = n % 2 === 0;
      const body = skill
        ? { skill: `skill ${round}-${n}` }
        : {
            companyName: 'Killed Co',
            jobTitle: `title ${round}-${n}`,
            startDate: '2020-01-01',
            endDate: '2021-01-01',
            currentlyWorking: false,
            description: 'killed mid-write',
            order: n,
          };
      const res = await fetch(`${server!.baseUrl}/api/user/${skill ? 'skills' : 'experiences'}`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: server!.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 201) odd.push(`${res.status} ${text}`);
      else if (skill) acked.skills.push(body.skill as string);
      else acked.experiences.push(body.jobTitle as string);
    };
    const writer = async () => {
      while (!killed && issued < WRITES_PER_ROUND) {
        // A connection cut by the kill throws: that write was never acknowledged.
        await write(issued++).catch(() => undefined);
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    // The random moment falls once writes flow, so that each kill lands among writes in flight.
    const waitUntil = Date.now() + 30_000;
    while (acked.skills.length + acked.experiences.length + odd.length === 0 && Date.now() < waitUntil) {
      await sleep(10);
    }
    await sleep(Math.random() * 800);
    server!.child.kill('SIGKILL');
    await server!.exited;
    killed = true;
    await Promise.all(writers);
    return { acked, odd };
  }

  async function stored(user: SeededUser): Promise<Acknowledged> {
    const get = async (what: string) => {
      const res = await fetch(`${server!.baseUrl}/api/user/${what}`, { headers: { cookie: user.cookie } });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Record<string, unknown>[];
    };
    return {
      skills: (await get('skills')).map((s) => s.skill as string),
      experiences: (await get('experiences')).map((e) => e.jobTitle as string),
    };
  }

  it(
    `keeps every acknowledged write through ${ROUNDS} SIGKILLs and starts cleanly each time`,
    async () => {
      const rounds: { user: SeededUser; acked: Acknowledged }[] = [];
      let totalAcked = 0;
      for (let round = 0; round < ROUNDS; round++) {
        server = await startServer(database.env);
        // The round before was killed mid-write: what it acknowledged is here, exactly once.
        const previous = rounds.at(-1);
        if (previous) {
          const after = await stored(previous.user);
          for (const kind of ['skills', 'experiences'] as const) {
            const missing = previous.acked[kind].filter((name) => !after[kind].includes(name));
            expect(missing, `round ${round}: acknowledged ${kind} lost`).toEqual([]);
            expect(new Set(after[kind]).size, `round ${round}: duplicated ${kind}`).toBe(after[kind].length);
          }
        }
        const user = users[round]!;
        const { acked, odd } = await writeUntilKilled(user, round);
        expect(odd, `round ${round}: only 201s before the kill`).toEqual([]);
        expect(server.output()).not.toMatch(/in use by another|postmaster\.pid|corrupt/i);
        rounds.push({ user, acked });
        totalAcked += acked.skills.length + acked.experiences.length;
      }
      // A last start: every round's acknowledged writes, not only the last one's, are still there.
      server = await startServer(database.env);
      for (const [round, { user, acked }] of rounds.entries()) {
        const after = await stored(user);
        expect(
          acked.skills.filter((s) => !after.skills.includes(s)),
          `round ${round}`,
        ).toEqual([]);
        expect(
          acked.experiences.filter((e) => !after.experiences.includes(e)),
          `round ${round}`,
        ).toEqual([]);
      }
      expect(await fetch(`${server.baseUrl}/readyz`).then((r) => r.status)).toBe(200);
      expect((await server.stop()).code).toBe(0);
      console.log(
        `[faults] kill -9 loop (${kind}): ${ROUNDS} rounds, ${totalAcked} acknowledged writes, none lost`,
      );
      // The loop means something only if the kills landed mid-write.
      expect(totalAcked).toBeGreaterThan(0);
    },
    60_000 + ROUNDS * 40_000,
  );
});
