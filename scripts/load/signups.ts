/**
 * Newsletter signups under load, and the check that D1 holds exactly the accepted ones: shared by
 * `npm run load` (scripts/load/index.ts) and the short browser-suite run (tests/e2e/load.e2e.ts).
 */
import autocannonImport from "autocannon";

// ---- autocannon (the parts used here; the package ships no types) ---------------------------------

type Histogram = { p50: number; p90: number; p99: number; average: number; max: number };
type CannonRequest = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  setupRequest?: (request: { body?: string; headers?: Record<string, string> }, context: Record<string, unknown>) => object;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
};
export type CannonResult = {
  requests: Histogram & { total: number; sent: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  statusCodeStats?: Record<string, { count: number }>;
};
type CannonOptions = { url: string; connections: number; amount?: number; duration?: number; requests: CannonRequest[] };
export const autocannon = autocannonImport as unknown as (options: CannonOptions) => Promise<CannonResult>;

// ---- signups ----------------------------------------------------------------------------------------

/**
 * What one signup run saw: every status in order, the last status each address was answered with,
 * the addresses sent, and answers that broke the rules.
 */
export type SignupRun = {
  name: string;
  result: CannonResult;
  statuses: number[];
  answers: Map<string, number>;
  sent: Set<string>;
  badBodies: string[];
};

/**
 * POSTs `amount` signups over `connections` connections, the addresses from `emails()`; `headersFor`
 * adds headers per request (a client address of its own, for instance).
 */
export async function signups(
  baseUrl: string,
  name: string,
  emails: () => string,
  options: {
    amount: number;
    connections: number;
    headers?: Record<string, string>;
    headersFor?: (email: string) => Record<string, string>;
  },
): Promise<SignupRun> {
  const statuses: number[] = [];
  const answers = new Map<string, number>();
  const sent = new Set<string>();
  const badBodies: string[] = [];
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    amount: options.amount,
    requests: [
      {
        method: "POST",
        path: "/api/newsletter/subscribe",
        headers: { "Content-Type": "application/json", ...options.headers },
        setupRequest: (request, context) => {
          const email = emails();
          context.email = email;
          sent.add(email);
          return { ...request, body: JSON.stringify({ email }), headers: { ...request.headers, ...options.headersFor?.(email) } };
        },
        onResponse: (status, body, context) => {
          statuses.push(status);
          answers.set(String(context.email), status);
          if (!answerIsWellFormed(status, body)) badBodies.push(`${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  return { name, result, statuses, answers, sent, badBodies };
}

/** 202 says "check your inbox" (the same for every address); 429 says "Too many requests"; every answer is JSON with a message. */
function answerIsWellFormed(status: number, body: string) {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message !== "string") return false;
    if (status === 429) return /^Too many requests\. Please try again in \d+ minutes?\.$/.test(parsed.message);
    return status === 202;
  } catch {
    return false;
  }
}

// ---- checks -----------------------------------------------------------------------------------------

/** One run's figures and the problems found (none means it passed). */
export type Verdict = {
  run: string;
  requests: number;
  ok2xx: number;
  refused429: number;
  otherStatus: number;
  errors: number;
  rowsExpected: number;
  rowsFound: number;
  lost: number;
  extra: number;
  p50: number;
  p99: number;
  rps: number;
  problems: string[];
};

/**
 * `rows`: the stored addresses of the run; `mails`: the recipients of the confirmation e-mails queued for it
 * (double opt-in: exactly one per accepted new address, none for a refused one).
 */
export function checkSignups(
  run: SignupRun,
  rows: string[],
  mails: string[],
  rules: { allow429: boolean; expectOneRow?: boolean },
): Verdict {
  const problems: string[] = [];
  const { statuses } = run;
  const ok2xx = statuses.filter((status) => status >= 200 && status < 300).length;
  const refused429 = statuses.filter((status) => status === 429).length;
  const otherStatus = statuses.length - ok2xx - refused429;
  const errors = run.result.errors + run.result.timeouts;
  const unanswered = [...run.sent].filter((email) => !run.answers.has(email));
  if (statuses.length !== run.result.requests.total)
    problems.push(`${statuses.length} answers seen, autocannon counted ${run.result.requests.total}`);

  const rowCounts = new Map<string, number>();
  for (const email of rows) rowCounts.set(email, (rowCounts.get(email) ?? 0) + 1);
  const accepted = [...run.answers].filter(([, status]) => status >= 200 && status < 300).map(([email]) => email);
  const refused = new Set([...run.answers].filter(([, status]) => status >= 400).map(([email]) => email));
  const lost = accepted.filter((email) => rowCounts.get(email) !== 1);
  const extra = [...rowCounts].filter(([email, count]) => count > 1 || refused.has(email) || !run.sent.has(email)).map(([email]) => email);

  if (errors > 0) problems.push(`${errors} connection errors or timeouts`);
  if (unanswered.length > 0) problems.push(`${unanswered.length} requests unanswered`);
  if (otherStatus > 0) problems.push(`${otherStatus} answers neither 2xx nor 429`);
  if (!rules.allow429 && refused429 > 0) problems.push(`${refused429} refused with the limit raised`);
  if (run.badBodies.length > 0) problems.push(`${run.badBodies.length} malformed answers, e.g. ${run.badBodies[0]}`);
  if (lost.length > 0) problems.push(`${lost.length} accepted signups without exactly one row, e.g. ${lost[0]}`);
  if (extra.length > 0) problems.push(`${extra.length} rows without an accepted signup, e.g. ${extra[0]}`);
  if (rules.expectOneRow && rows.length !== 1) problems.push(`${rows.length} rows for one address`);
  const mailCounts = new Map<string, number>();
  for (const email of mails) mailCounts.set(email, (mailCounts.get(email) ?? 0) + 1);
  const unconfirmable = [...new Set(accepted)].filter((email) => mailCounts.get(email) !== 1);
  const strayMails = [...mailCounts.keys()].filter((email) => !accepted.includes(email));
  if (unconfirmable.length > 0)
    problems.push(`${unconfirmable.length} accepted addresses without exactly one confirmation e-mail, e.g. ${unconfirmable[0]}`);
  if (strayMails.length > 0) problems.push(`${strayMails.length} confirmation e-mails to addresses never accepted, e.g. ${strayMails[0]}`);

  const expectedRows = rules.expectOneRow ? 1 : accepted.length;
  return {
    run: run.name,
    requests: statuses.length,
    ok2xx,
    refused429,
    otherStatus,
    errors,
    rowsExpected: expectedRows,
    rowsFound: rows.length,
    lost: lost.length,
    extra: extra.length,
    p50: run.result.latency.p50,
    p99: run.result.latency.p99,
    rps: run.result.requests.average,
    problems,
  };
}
