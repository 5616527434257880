/** `fromArgs` when given, else a password typed at the terminal (one line) or piped on stdin. */
export async function readPassword(fromArgs?: string): Promise<string> {
  if (fromArgs !== undefined) return fromArgs;
  if (process.stdin.isTTY) {
    // One line from the terminal (it is echoed).
    process.stderr.write("Password: ");
    return new Promise((resolve) => {
      let text = "";
      process.stdin.setEncoding("utf8");
      process.stdin.on("data", (chunk: string) => {
        text += chunk;
        const end = text.indexOf("\n");
        if (end !== -1) {
          process.stdin.pause();
          resolve(text.slice(0, end).replace(/\r$/, ""));
        }
      });
      process.stdin.on("end", () => resolve(text.replace(/\r?\n$/, "")));
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  // Piped input: drop one trailing newline (from `echo`), keep everything else as typed.
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}
