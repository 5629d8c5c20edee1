// Part of `npm run lint`: every reference to a decision record names a file that exists
// (docs/decisions/NNN-name.md, or a relative Markdown link to one), and none cites a record by its bare
// number, so a renumbered or removed record shows at once (docs/decisions/README.md).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|md|css|html|sql|json)$/;
/** A record named by its path from anywhere: docs/decisions/015-referral-matching-and-status.md. */
const RECORD_PATH = /(?:^|[^\w./-])((?:\.\.?\/)*(?:docs\/)?decisions\/\d{3}-[\w-]+\.md)/g;
/** A record cited by its number alone ('decision' and three digits, or the folder and three digits). */
const BARE_NUMBER = /(?<!\[)\b[Dd]ecision (\d{3})\b(?!\]\()|docs\/decisions\/(\d{3})(?![\w-])/g;

/**
 * The broken references in one file's text: `{line, reference, problem}`. `file` is relative to `root`;
 * relative links resolve from its folder, `docs/decisions/…` paths from the root.
 */
export function brokenDecisionLinks(root, file, text) {
  const problems = [];
  const lines = text.split('\n');
  lines.forEach((content, i) => {
    for (const match of content.matchAll(RECORD_PATH)) {
      const reference = match[1];
      const target = reference.startsWith('docs/')
        ? path.join(root, reference)
        : path.join(root, path.dirname(file), reference);
      if (!fs.existsSync(target))
        problems.push({ line: i + 1, reference, problem: 'no such decision record' });
    }
    for (const match of content.matchAll(BARE_NUMBER)) {
      problems.push({
        line: i + 1,
        reference: match[0],
        problem: 'cites a decision by number alone: name its file (docs/decisions/NNN-name.md)',
      });
    }
  });
  return problems;
}

/** Every tracked text file outside docs/decisions' own records' history and the lock file. */
export function checkRepository(root) {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => TEXT_FILE.test(f) && f !== 'package-lock.json' && !f.startsWith('drizzle/meta/'));
  return files.flatMap((file) => {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return [];
    return brokenDecisionLinks(root, file, fs.readFileSync(full, 'utf8')).map((p) => ({ file, ...p }));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepository(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.reference}: ${p.problem}`);
  if (problems.length > 0) process.exit(1);
}
