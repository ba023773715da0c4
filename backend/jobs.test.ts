import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseHandle } from "./db/client";
import { queryRows } from "./db/query-rows";
import { startJob } from "./jobs";
import { createTestBackend } from "./test/test-backend";
import type { TestBackend } from "./test/test-backend";

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

// One process here: the lock is PGlite's trivial one; two processes are tested in processes.test.ts.
const handle = (): DatabaseHandle => ({
  db: backend.db,
  kind: "pglite",
  close: async () => undefined,
  alone: async (_name, work) => ({ ran: true, value: await work(backend.db) }),
  listenForChanges: async () => ({
    listening: () => true,
    onChange: () => undefined,
    close: async () => undefined,
  }),
});

describe("startJob", () => {
  it("runs a slot's round once, hands the steps the database's now, and records what they did", async () => {
    const seen: Date[] = [];
    const job = startJob(handle(), {
      name: "test-once",
      intervalMs: 3_600_000,
      instance: "here",
      steps: {
        count: async (_db, now) => {
          seen.push(now);
          return { things: 3 };
        },
      },
    });
    try {
      // The first round started with the job; asking again in the same hour finds the slot taken.
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(await job.runRound()).toBe(false);
      expect(seen).toHaveLength(1);
      expect(Math.abs(seen[0].getTime() - Date.now())).toBeLessThan(60_000);
      const rounds = await queryRows(
        backend.db,
        sql`select instance, work, finished_at is not null as finished from job_rounds where job = 'test-once'`,
        z.object({ instance: z.string(), work: z.unknown(), finished: z.boolean() }),
      );
      expect(rounds).toEqual([{ instance: "here", work: { "count.things": 3 }, finished: true }]);
    } finally {
      await job.stop();
    }
  });

  it("records a failed round with its error and keeps the process running", async () => {
    const job = startJob(handle(), {
      name: "test-failing",
      intervalMs: 3_600_000,
      instance: "here",
      steps: {
        broken: async () => {
          throw new Error("the database went away");
        },
      },
    });
    try {
      await vi.waitFor(async () => {
        const rounds = await queryRows(
          backend.db,
          sql`select work from job_rounds where job = 'test-failing' and finished_at is not null`,
          z.object({ work: z.unknown() }),
        );
        expect(rounds).toEqual([{ work: { error: "the database went away" } }]);
      });
    } finally {
      await job.stop();
    }
  });
});
