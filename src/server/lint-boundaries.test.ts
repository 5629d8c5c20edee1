import { ESLint } from 'eslint';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root.js';

/** eslint.config.js holds the house's floors: these are the refusals it must keep making. */
describe('lint boundaries', () => {
  const eslint = new ESLint({ cwd: projectRoot });
  const rulesHit = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, file) });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  };

  it('refuses product code that imports the fault or security suites, and lets their tests do it', async () => {
    const probe =
      "import { startServer } from '../faults/server-process.js';\nexport const s = startServer;\n";
    expect(await rulesHit('src/server/lib/probe.ts', probe)).toEqual([
      expect.stringMatching(/no-restricted-paths: .*Product code never imports test helpers/),
    ]);
    expect(await rulesHit('src/server/lib/probe.test.ts', probe)).toEqual([]);
  });

  it('refuses a feature that imports another feature, and shared code that imports a feature', async () => {
    const crossFeature = "import { enqueueMail } from '../mail/outbox.js';\nexport const m = enqueueMail;\n";
    expect(await rulesHit('src/server/features/profile/probe.ts', crossFeature)).toEqual([
      expect.stringMatching(/no-restricted-paths: .*Features do not import each other/),
    ]);
    const sharedToFeature =
      "import { enqueueMail } from '../features/mail/outbox.js';\nexport const m = enqueueMail;\n";
    expect(await rulesHit('src/server/lib/probe.ts', sharedToFeature)).toEqual([
      expect.stringMatching(/no-restricted-paths: .*Shared code does not depend on a feature/),
    ]);
  });

  it('refuses db/ code, tests included, that imports lib/, kept/ or plugins/', async () => {
    const dbToLib = "import { isAdmin } from '../lib/admins.js';\nexport const a = isAdmin;\n";
    expect(await rulesHit('src/server/db/probe.ts', dbToLib)).toEqual([
      expect.stringMatching(/no-restricted-paths: .*db\/ is the bottom layer/),
    ]);
    expect(await rulesHit('src/server/db/probe.test.ts', dbToLib)).toEqual([
      expect.stringMatching(/no-restricted-paths: .*db\/ is the bottom layer/),
    ]);
  });

  it("refuses a referrals subfolder that imports another subfolder's queries; its own, the shared rows and tests pass", async () => {
    const reach =
      "import { findUserName } from '../handoffs/handoff-repo.js';\nexport const f = findUserName;\n";
    expect(await rulesHit('src/server/features/referrals/blocks/probe.ts', reach)).toEqual([
      expect.stringMatching(/no-restricted-paths: .*A subfolder imports its own queries only/),
    ]);
    expect(await rulesHit('src/server/features/referrals/blocks/probe.test.ts', reach)).toEqual([]);
    const own =
      "import { blocksBy } from './blocks-repo.js';\nimport { lockUserRow } from '../rows/people.js';\n" +
      "import { passOnOpenReferral } from '../handoffs/leave.js';\nexport const f = [blocksBy, lockUserRow, passOnOpenReferral];\n";
    expect(await rulesHit('src/server/features/referrals/blocks/probe.ts', own)).toEqual([]);
  });
}, 60_000);
