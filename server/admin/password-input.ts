// How the admin command gets a password without it ever being an argument (an argument lands in
// `ps` and in the shell's history): from a hidden prompt on a terminal, typed twice, or from
// standard input with --password-stdin (a pipe or a file: `printf '%s' "$PASS" | ...`). Neither
// (no terminal and no --password-stdin) is an error that says how.

export class PasswordInputError extends Error {}

/** Standard input to its end, without one final line break. */
export async function passwordFromStdin(input: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  if (text === "") throw new PasswordInputError("--password-stdin: standard input held no password");
  return text;
}

/** One line typed on the terminal without echo; Ctrl-C ends the command. */
function hiddenLine(question: string): Promise<string> {
  const stdin = process.stdin;
  stdin.setRawMode(true); // no echo from here on, before the question invites typing
  process.stderr.write(question);
  return new Promise((resolve) => {
    let line = "";
    stdin.resume();
    stdin.setEncoding("utf8");
    const done = (value: string) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      resolve(value);
    };
    const onData = (text: string) => {
      for (const ch of text) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return done(line);
        if (ch === "\u0003") {
          process.stderr.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") line = line.slice(0, -1);
        else if (ch >= " ") line += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/**
 * The password of a create-user or reset-password: from standard input with `fromStdin`, else from
 * a prompt typed twice on a terminal.
 */
export async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return passwordFromStdin();
  if (!process.stdin.isTTY)
    throw new PasswordInputError(
      "No password given: the command asks for it on a terminal, or reads it from standard input with --password-stdin " +
        `(printf '%s' "$PASSWORD" | npm run admin -- <command> ... --password-stdin). It is never taken as an argument.`,
    );
  const first = await hiddenLine("Password: ");
  const second = await hiddenLine("Repeat the password: ");
  if (first !== second) throw new PasswordInputError("The two passwords differ; nothing was changed");
  return first;
}
