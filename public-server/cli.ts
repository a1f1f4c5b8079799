import readline from "node:readline";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { loadConfig, type ServerConfig } from "./config";
import { openDatabase } from "./db";
import { changePassword, upsertUser } from "./commands/users";
import { SessionFile } from "./database/sessionStore";
import { UserEntity } from "./entities/User";
import { plural } from "../shared/words";

/** What a subcommand receives: its positional arguments, its options, and the server's settings. */
interface Args {
  positionals: string[];
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  config: ServerConfig;
}

/** One subcommand: a line of usage, its options (for parseArgs), and what it does; answers the exit code. */
interface Command {
  usage: string;
  options?: ParseArgsOptionsConfig;
  run(args: Args): Promise<number>;
}

/** Every subcommand of `npm run admin -- <name>`; adding one is adding an entry here. */
const COMMANDS: Record<string, Command> = {
  create: {
    usage: "create <username> [--role admin|user]   make an account, or set its password (admin by default)",
    options: { role: { type: "string", default: "admin" } },
    async run({ positionals: [username, ...extra], values, config }) {
      const role = values.role;
      if (!username || extra.length || (role !== "admin" && role !== "user")) return usage();
      const password = process.env.ADMIN_PASSWORD || (await askPassword(`Password for ${username}: `));
      const db = await openDatabase(config.databasePath);
      try {
        const { created } = await upsertUser(db, username, password, role);
        console.log(`${created ? "Created" : "Updated"} ${role} account "${username}" in ${config.databasePath}.`);
      } finally {
        await db.close();
      }
      return 0;
    },
  },
  list: {
    usage: "list                                    list accounts",
    async run({ positionals, config }) {
      if (positionals.length) return usage();
      const db = await openDatabase(config.databasePath);
      try {
        const users = await db.run((m) => m.find(UserEntity, { order: { username: "ASC" } }));
        for (const u of users) console.log(`${u.username}\t${u.role}`);
        if (!users.length) console.log("No accounts yet.");
      } finally {
        await db.close();
      }
      return 0;
    },
  },
  passwd: {
    usage: "passwd <username>                       a new password; ends that account's sessions",
    async run({ positionals: [username, ...extra], config }) {
      if (!username || extra.length) return usage();
      const password = process.env.ADMIN_PASSWORD || (await askPassword(`New password for ${username}: `));
      const db = await openDatabase(config.databasePath);
      const sessions = SessionFile.open(config.databasePath);
      try {
        const { endedSessions } = await changePassword(db, sessions, username, password);
        console.log(`Changed the password of "${username}" and ended ${plural(endedSessions, "session")}.`);
      } finally {
        sessions.close();
        await db.close();
      }
      return 0;
    },
  },
  restore: {
    usage: "restore <backup file>                   put a backup in place of the database (stop the server first)",
    async run({ positionals: [file, ...extra], config }) {
      if (!file || extra.length) return usage();
      const { restoreBackup } = await import("./operations/restore");
      const report = await restoreBackup(config, file);
      for (const line of report.lines) console.log(line);
      return 0;
    },
  },
  offsite: {
    usage: "offsite                                 copy the last nightly backup to the restic repository (RESTIC_REPOSITORY)",
    async run({ positionals, config }) {
      if (positionals.length) return usage();
      const { copyOffsite } = await import("./operations/offsite");
      for (const line of await copyOffsite(config)) console.log(line);
      return 0;
    },
  },
  doctor: {
    usage: "doctor                                  check this server's settings, database, backups and mail",
    async run({ positionals, config }) {
      if (positionals.length) return usage();
      // Loaded on use, so that the everyday commands start quickly.
      const { formatFindings, runDoctor } = await import("./operations/doctor");
      const findings = await runDoctor(config);
      console.log(formatFindings(findings));
      return findings.every((f) => f.ok) ? 0 : 1;
    },
  },
};

function usage(): number {
  const lines = Object.values(COMMANDS).map((c) => `  npm run admin -- ${c.usage}`);
  console.error(["Usage:", ...lines, "Passwords come from ADMIN_PASSWORD, or are asked for. Settings come from the environment (see README)."].join("\n"));
  return 2;
}

/**
 * Reads a new password from the terminal without echoing it, twice: a typo in a password nobody sees
 * would lock its owner out. Both answers come through one reader, so nothing typed ahead is lost.
 */
async function askPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) throw new Error("No terminal to ask for a password: set ADMIN_PASSWORD.");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined; // hide what is typed
  const ask = (text: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(text);
      rl.question("", (answer) => {
        process.stdout.write("\n");
        resolve(answer);
      });
    });
  try {
    const first = await ask(prompt);
    const again = await ask("The same password again: ");
    if (first !== again) throw new Error("The two passwords were not the same, so nothing was changed: please run the command again.");
    return first;
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help") {
    usage();
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(`There is no command "${name}".`);
    return usage();
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: command.options ?? {}, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return usage();
  }
  return command.run({ positionals: parsed.positionals, values: parsed.values, config: loadConfig() });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const issues = (err as { issues?: { message: string }[] }).issues;
    console.error(issues ? issues.map((i) => i.message).join("\n") : err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
