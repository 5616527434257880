/** The dev mailbox (`/__dev/mail.json`) as e2e tests read it. */
import { expect } from "vitest";
import { baseURL } from "./browser";

/** The first mail in the dev mailbox that `matches` accepts; mail goes through the queue, so this polls (10 s at most). */
export async function awaitDevMail<Mail>(matches: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${baseURL}/__dev/mail.json`)).json()) as Mail[];
        found = mails.find(matches);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
