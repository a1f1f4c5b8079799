import readline from "node:readline";
import { loadConfig } from "./config";
import { openDatabase } from "./db";
import { changePassword, upsertUser } from "./commands/users";
import { UserEntity } from "./entities/User";

const USAGE = `Usage:
  npm run admin -- create <username> [--role admin|user]   make an account (admin by default)
  npm run admin -- list                                    list accounts
  npm run admin -- passwd <username>                       new password; ends that account's sessions
The password comes from ADMIN_PASSWORD, or is asked for.`;

/** Reads a password from the terminal without echoing it. */
function askPassword(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!process.stdin.isTTY) return reject(new Error("No terminal to ask for a password: set ADMIN_PASSWORD."));
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const rlWithOutput = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stdout.write(prompt);
    rlWithOutput._writeToOutput = () => undefined; // hide what is typed
    rl.question("", (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command === "create") {
    const username = rest.find((a) => !a.startsWith("--") && rest[rest.indexOf(a) - 1] !== "--role");
    const roleIndex = rest.indexOf("--role");
    const role = roleIndex >= 0 ? rest[roleIndex + 1] : "admin";
    if (!username || (role !== "admin" && role !== "user")) {
      console.error(USAGE);
      return 2;
    }
    const password = process.env.ADMIN_PASSWORD || (await askPassword(`Password for ${username}: `));
    const db = await openDatabase(config.databasePath);
    try {
      const { created } = await upsertUser(db, username, password, role);
      console.log(`${created ? "Created" : "Updated"} ${role} account "${username}" in ${config.databasePath}.`);
    } finally {
      await db.close();
    }
    return 0;
  }
  if (command === "passwd") {
    const username = rest.find((a) => !a.startsWith("--"));
    if (!username) {
      console.error(USAGE);
      return 2;
    }
    const password = process.env.ADMIN_PASSWORD || (await askPassword(`New password for ${username}: `));
    const db = await openDatabase(config.databasePath);
    try {
      const { endedSessions } = await changePassword(db, username, password);
      console.log(`Changed the password of "${username}" and ended ${endedSessions} session${endedSessions === 1 ? "" : "s"}.`);
    } finally {
      await db.close();
    }
    return 0;
  }
  if (command === "list") {
    const db = await openDatabase(config.databasePath);
    try {
      const users = await db.run((m) => m.find(UserEntity, { order: { username: "ASC" } }));
      for (const u of users) console.log(`${u.username}\t${u.role}`);
      if (!users.length) console.log("No accounts yet.");
    } finally {
      await db.close();
    }
    return 0;
  }
  console.error(USAGE);
  return command ? 2 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const issues = (err as { issues?: { message: string }[] }).issues;
    console.error(issues ? issues.map((i) => i.message).join("\n") : err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
