/**
 * How long orders keep the buyer's address and name: seven years, an accounting period that covers the usual
 * bookkeeping and tax rules. After it the daily retention job (app/server/retention.server.ts) blanks both; the order
 * itself (course, amount, currency, date, status, reference) stays for the accounts. The privacy policy
 * (app/routes/legal.tsx) and the learner's data page state it; shared by them and the server.
 */
export const ORDER_RETENTION_YEARS = 7;
