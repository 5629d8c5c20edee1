/**
 * Which applicant tracking system a job URL belongs to, and where its public API answers for that posting
 * (docs/decisions/032-job-postings.md). Anything else is read as a page (page.ts).
 */
export interface AtsApis {
  greenhouseApiUrl: string;
  leverApiUrl: string;
  ashbyApiUrl: string;
  workableApiUrl: string;
}

export type AtsTarget =
  /** `guessedBoard`: the board was guessed from a company page's host; a 404 then proves nothing. */
  | { source: 'greenhouse'; apiUrl: string; guessedBoard: boolean }
  | { source: 'lever'; apiUrl: string }
  | { source: 'ashby'; apiUrl: string; id: string }
  | { source: 'workable'; apiUrl: string; shortcode: string };

/**
 * A board, site or account name, checked segment by segment before it goes into an API's path (issue 46):
 * a letter or digit first, then letters, digits, '_', '-' and single dots. So no '.' or '..' (which URL
 * parsing resolves: `?for=..` read /v1/jobs/{id}), no empty part, and nothing encoded: a name here is what
 * it looks like, and goes into the path as it is.
 */
const SLUG = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.)){0,99}$/;
/** A posting's id or shortcode: letters, digits, '_' and '-', a letter or digit first. */
const ID = /^[A-Za-z0-9][\w-]{0,99}$/;
const NUMBER = /^\d{1,20}$/;
// A second line: what the patterns pass is unchanged by it.
const enc = encodeURIComponent;

function segments(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

function isHost(url: URL, ...hosts: string[]): boolean {
  return hosts.includes(url.hostname.toLowerCase());
}

/** careers.acme.com → acme: the board token most companies give their Greenhouse board. */
function guessBoard(url: URL): string | undefined {
  const labels = url.hostname.toLowerCase().split('.');
  const name = labels.length >= 2 ? labels[labels.length - 2] : undefined;
  return name && SLUG.test(name) ? name : undefined;
}

export function atsTarget(url: URL, apis: AtsApis): AtsTarget | undefined {
  const parts = segments(url);
  if (isHost(url, 'boards.greenhouse.io', 'job-boards.greenhouse.io', 'job-boards.eu.greenhouse.io')) {
    const [board, jobs, id] = parts;
    if (board && jobs === 'jobs' && id && SLUG.test(board) && NUMBER.test(id)) {
      return {
        source: 'greenhouse',
        apiUrl: `${apis.greenhouseApiUrl}/v1/boards/${enc(board)}/jobs/${id}`,
        guessedBoard: false,
      };
    }
    // Embedded boards: boards.greenhouse.io/embed/job_app?for=acme&token=123.
    const forBoard = url.searchParams.get('for');
    const token = url.searchParams.get('token');
    if (forBoard && token && SLUG.test(forBoard) && NUMBER.test(token)) {
      return {
        source: 'greenhouse',
        apiUrl: `${apis.greenhouseApiUrl}/v1/boards/${enc(forBoard)}/jobs/${token}`,
        guessedBoard: false,
      };
    }
    return undefined;
  }
  const ghJid = url.searchParams.get('gh_jid');
  if (ghJid && NUMBER.test(ghJid)) {
    const board = url.searchParams.get('for') ?? guessBoard(url);
    if (board && SLUG.test(board)) {
      return {
        source: 'greenhouse',
        apiUrl: `${apis.greenhouseApiUrl}/v1/boards/${enc(board)}/jobs/${ghJid}`,
        guessedBoard: !url.searchParams.has('for'),
      };
    }
  }
  if (isHost(url, 'jobs.lever.co', 'jobs.eu.lever.co')) {
    const [site, id] = parts;
    if (site && id && SLUG.test(site) && ID.test(id)) {
      return { source: 'lever', apiUrl: `${apis.leverApiUrl}/v0/postings/${enc(site)}/${id}` };
    }
    return undefined;
  }
  if (isHost(url, 'jobs.ashbyhq.com')) {
    const [board, id] = parts;
    if (board && id && SLUG.test(board) && ID.test(id)) {
      return { source: 'ashby', apiUrl: `${apis.ashbyApiUrl}/posting-api/job-board/${enc(board)}`, id };
    }
    return undefined;
  }
  if (isHost(url, 'apply.workable.com')) {
    // apply.workable.com/{account}/j/{shortcode}/
    const [account, j, shortcode] = parts;
    if (account && j === 'j' && shortcode && SLUG.test(account) && ID.test(shortcode)) {
      return {
        source: 'workable',
        apiUrl: `${apis.workableApiUrl}/api/v1/widget/accounts/${enc(account)}`,
        shortcode,
      };
    }
  }
  return undefined;
}
