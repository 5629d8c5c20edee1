// Part of `npm run lint`, over every tracked text file:
// - every reference to a decision record names a file that exists (docs/decisions/NNN-name.md, or a relative
//   Markdown link to one), and none cites a record by its bare number, so a renumbered or removed record shows
//   at once (docs/decisions/README.md);
// - every record has its form: '# NNN: title', a 'Date:' and a 'Status:' line, then Context, Decision and
//   Consequences as headings, and a row in the index with the same date and status;
// - nothing cites a document that is not in the repository (the design notes and the product specification
//   the project started from): docs/product.md and docs/architecture.md say it now, and a citation of them
//   ('docs/product.md, Statuses') names one of their headings.
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
 * Citations of documents outside the repository. Code that says `spec.paths` (an OpenAPI document) or
 * `foo.spec.ts` is not a citation; the sentences are.
 */
const OUTSIDE_DOCUMENT = [
  /\bDESIGN\.md\b/i,
  /\bSTYLE\.md\b/,
  /\bspec(?:'s|’s)/i,
  /\b(?:the|per|a|this|its|our) spec\b(?!\.\w)/i,
  /\bspec sections?\b/i,
  /\(spec\b(?![.\w]|: ?[A-Z]\w*\s*[,)=])/i,
  /\bspec (?:says|said|texts?|sentences?|toasts?|payloads?|validation|messages?|fragments|names|leaves|is|does|gives|shows)\b/i,
  /(?:\/\/|\/\*\*?|^\s*\*|<!--)\s*Spec\b(?![.\w(])/,
  /\b(?:this|the) specification\b/i,
];
/** The checker and its test name those documents on purpose. */
const MAY_NAME_OUTSIDE = new Set([
  'scripts/check-decision-links.mjs',
  'src/server/check-decision-links.test.ts',
]);

/** `{line, reference, problem}` for each citation of a document outside the repository in one file's text. */
export function outsideCitations(file, text) {
  if (MAY_NAME_OUTSIDE.has(file)) return [];
  const problems = [];
  text.split('\n').forEach((content, i) => {
    for (const pattern of OUTSIDE_DOCUMENT) {
      const match = pattern.exec(content);
      if (match) {
        problems.push({
          line: i + 1,
          reference: match[0].trim(),
          problem: 'cites a document outside the repository: cite docs/product.md or docs/architecture.md',
        });
        break;
      }
    }
  });
  return problems;
}

/** A citation of the two documents that replace them, by heading: 'docs/product.md, Statuses'. */
const DOC_CITATION = /docs\/(product|architecture)\.md, ([^\n]+)/g;

function headingsOf(root, name) {
  const full = path.join(root, 'docs', `${name}.md`);
  if (!fs.existsSync(full)) return null;
  return fs
    .readFileSync(full, 'utf8')
    .split('\n')
    .filter((line) => /^#{2,4} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

/** Citations of docs/product.md or docs/architecture.md that name no heading of theirs. */
export function brokenDocCitations(root, text) {
  const headings = { product: headingsOf(root, 'product'), architecture: headingsOf(root, 'architecture') };
  const problems = [];
  text.split('\n').forEach((content, i) => {
    for (const match of content.matchAll(DOC_CITATION)) {
      const known = headings[match[1]];
      const cited = match[2].trimStart();
      if (!known || !/^[A-Z]/.test(cited)) continue;
      if (!known.some((heading) => cited.startsWith(heading)))
        problems.push({
          line: i + 1,
          reference: match[0].slice(0, 60),
          problem: `names no heading of docs/${match[1]}.md`,
        });
    }
  });
  return problems;
}

const RECORD_FILE = /^docs\/decisions\/(\d{3})-[\w-]+\.md$/;
const INDEX_ROW = /^\| \[(\d{3})\]\(([^)]+)\)\s*\| (\S+)\s*\|.*\| (.+?)\s*\|$/;
const STATUS = /^Status: (accepted|deprecated|superseded by \[(\d{3})\]\(\2-[\w-]+\.md\))(;.*)?$/;

/** The index's rows by number: `{file, date, status}`. */
export function indexRows(indexText) {
  const rows = new Map();
  for (const line of indexText.split('\n')) {
    const match = INDEX_ROW.exec(line);
    if (match) rows.set(match[1], { file: match[2], date: match[3], status: match[4] });
  }
  return rows;
}

/**
 * A record's form: '# NNN: title'; the next two lines with text are 'Date: YYYY-MM-DD' and 'Status: …'
 * (accepted, deprecated, or superseded by a record, optionally followed by '; …'); then '## Context',
 * '## Decision' and '## Consequences', in that order, and no other second-level heading; and a row in the
 * index with the same file, date and status.
 */
export function recordFormProblems(file, text, indexText) {
  const record = RECORD_FILE.exec(file);
  if (!record) return [];
  const number = record[1];
  const problems = [];
  const problem = (line, reference, what) => problems.push({ line, reference, problem: what });
  const lines = text.split('\n');
  if (!new RegExp(`^# ${number}: \\S`).test(lines[0])) problem(1, lines[0], `the title is '# ${number}: …'`);
  const filled = lines
    .map((content, i) => ({ content, line: i + 1 }))
    .filter((l, i) => i > 0 && l.content.trim());
  const [dateLine, statusLine] = filled;
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(dateLine?.content ?? '');
  if (!date)
    problem(dateLine?.line ?? 2, dateLine?.content ?? '', "the line under the title is 'Date: YYYY-MM-DD'");
  const status = STATUS.exec(statusLine?.content ?? '');
  if (!status)
    problem(
      statusLine?.line ?? 3,
      statusLine?.content ?? '',
      "the line under the date is 'Status: accepted', 'Status: deprecated' or 'Status: superseded by [NNN](NNN-name.md)'",
    );
  const sections = lines
    .map((content, i) => ({ content, line: i + 1 }))
    .filter((l) => /^## /.test(l.content));
  const expected = ['## Context', '## Decision', '## Consequences'];
  const found = sections.map((s) => s.content.trim());
  if (found.join('|') !== expected.join('|'))
    problem(
      sections[0]?.line ?? 1,
      found.join(', ') || '(no sections)',
      "the sections are '## Context', '## Decision' and '## Consequences', in that order (more go under them as '###')",
    );
  const row = indexRows(indexText).get(number);
  if (!row || row.file !== path.basename(file))
    problem(1, path.basename(file), 'has no row in docs/decisions/README.md');
  else {
    if (date && row.date !== date[1]) problem(dateLine.line, date[1], `the index says ${row.date}`);
    if (status && row.status !== status[1])
      problem(statusLine.line, status[1], `the index says '${row.status}'`);
  }
  return problems;
}

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
  const indexPath = path.join(root, 'docs/decisions/README.md');
  const indexText = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : '';
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => TEXT_FILE.test(f) && f !== 'package-lock.json' && !f.startsWith('drizzle/meta/'));
  const problems = files.flatMap((file) => {
    const full = path.join(root, file);
    if (!fs.existsSync(full)) return [];
    const text = fs.readFileSync(full, 'utf8');
    return [
      ...brokenDecisionLinks(root, file, text),
      ...outsideCitations(file, text),
      ...brokenDocCitations(root, text),
      ...recordFormProblems(file, text, indexText),
    ].map((p) => ({ file, ...p }));
  });
  const rows = [...indexRows(indexText).values()]
    .filter((row) => !fs.existsSync(path.join(root, 'docs/decisions', row.file)))
    .map((row) => ({
      file: 'docs/decisions/README.md',
      line: 1,
      reference: row.file,
      problem: 'no such decision record',
    }));
  return [...problems, ...rows];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkRepository(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.reference}: ${p.problem}`);
  if (problems.length > 0) process.exit(1);
}
