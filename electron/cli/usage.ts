// `skill-inspector help`. docs/cli.md says the same at length. Every flag named
// here is taken by exactly the commands named with it (cli-common-flags.test.ts).
import { DEFAULT_SETTINGS } from '../../shared/model.js';
import { CHECK_CONCURRENCY } from './limit-flags.js';

/** 16777216 → "16MiB": the defaults as the flags accept them. */
function bytes(n: number): string {
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]] as const) if (n % size === 0) return `${n / size}${unit}`;
  return String(n);
}

const d = DEFAULT_SETTINGS;

export const USAGE = `Usage: skill-inspector <command> [options]

Commands:
  check        List, get, read and verify every skill of one server; print the findings.
  watch        Check one server again on every change of its folder; print what changed each run.
  lock         Pin what one server serves (skill URIs, names, {uri, digest, size} sets) in a lockfile.
  verify       Compare one server with a lockfile; exit 1 on any drift.
  diff         Compare two servers, a server and a lockfile, or two lockfiles.
  list         List one server's skills without reading any file.
  load         Load one skill as a host would (--skill <SKILL.md URI>): verify, then print it.
  demo-server  Serve the bundled sample skills (stdio, or --http PORT on 127.0.0.1).
  gateway      Serve only approved skills, from the reviewed bytes, to any host (stdio, or --http PORT).
  key          Make a signing key for approval receipts (key new), or print a key's allowed-signers line (key show).
  approve      Check one server, then write signed approval receipts for the named skills (docs/team.md).
  help         Show this text.

Naming a server (check, lock, verify, list, load):
  --stdio "<command and args>"      start a stdio server; it gets PATH, HOME and the like, not this shell's
                                    whole environment. For it (or a --config server started by a command):
    --env KEY=VALUE                 a variable of its environment (repeatable; added to a --config entry's env)
    --cwd <folder>                  its working directory
  --url <http url>                  a Streamable HTTP server; add --header 'Name: value' (repeatable)
                                    secrets from the environment, never argv: --bearer-env NAME
                                    (the token), --header-env 'Header: NAME' (repeatable)
                                    --oauth: sign in with OAuth (the address to open is printed on stderr;
                                    tokens kept in the keychain for the next run); --oauth-client-id ID,
                                    --oauth-client-secret-env NAME, --oauth-scope SCOPE (repeatable),
                                    --oauth-memory (keep them for this run only)
  --config <file> --server <name>   a server from a Claude Desktop, Cursor, VS Code or MCP Inspector config
  --label <name>                    the name reports and lockfiles use (default: from the command, host or config key)

check:
  --json | --junit | --sarif        output format on stdout (default: text; colour on a terminal unless NO_COLOR)
  --sarif-root <folder>             SARIF locations as repository paths: <folder>/<skill path>/<file>
  --fail-on error|warning|never     which findings fail the run (default: error)
  --all                             with --config <file>: check every server of the config in one run, one combined
                                    report (text, --json, --sarif with a run per server, --junit with a suite per
                                    server); exit code of the worst server; one that cannot be checked stops none
  --jobs <n>                        with --all: servers checked at once (default 4)
  --source <folder>                 also compare what is served with the skills the SDK builds from this folder of
                                    skill folders (as a server's loadSkills does): missing, extra, different bytes
                                    or frontmatter are errors
  --receipts <folder> [--trust <file>] [--as-of DATE]
                                    apply the team's suppressions from these receipts (signers trusted by --trust,
                                    default allowed-signers beside the folder): a suppressed finding is left out, an
                                    expired one or one whose file changed is reported again, saying why

watch:   skill-inspector watch [--source <folder>] --stdio "<command>" | --url <url> | --config <file> --server <name>
         watches --source, or without it the folder a stdio server is started in (--cwd, else the current
         folder; .git and node_modules ignored); after each burst of edits (--debounce-ms, default 300) starts a
         stdio server again (or lists an HTTP one anew), runs check (with --source, check --source), and prints one
         block: skills and files added or removed, digests changed, findings new, fixed or changed. An HTTP server
         needs --source. --json: one JSON line per run. Ctrl+C or SIGTERM ends it. Takes check's limits and --quiet.

lock:    --output <file>            default skills.lock.json; "-" writes to stdout. Other servers' sections are kept.
         --all [--jobs <n>]         with --config <file>: one lockfile, a section per server keyed by its name; a server
                                    that cannot be locked is reported and keeps its earlier section; worst exit code
verify:  --lock <file>              required; --json for machine-readable drift
         --all [--jobs <n>]         with --config <file>: each server against its section (and with --receipts, against
                                    the team's receipts for its name); text, --json (and --sarif with --receipts, a run
                                    per server); exit code of the worst server; one that cannot be verified stops none
list:    --json                     the skills as JSON; exit 1 when the listing stopped early (a limit, a bad cursor)
load:    --skill <SKILL.md URI>     required
diff:    skill-inspector diff <A> <B> [--a-header H] [--b-header H] [--json]
         each side is stdio:"<command and args>", url:<http url> (or a bare http(s) URL),
         config:<file>#<server>, or lock:<file>[#<label>] (or a bare path to a lockfile);
         or, as in every other command, in order: --stdio "<command>" [--env KEY=VALUE]... [--cwd <folder>],
         --url <url> [--header H]..., --config <file> --server <name>, --lock <file>[#<label>].
         A positional stdio: or config: side takes --a-env / --b-env (repeatable) and --a-cwd / --b-cwd.

gateway: skill-inspector gateway [--data-dir <folder>] [--http <port>]
         the app's approved and enabled skills, from its snapshot store (default: the app's data folder)
         skill-inspector gateway --lock <file> --stdio "<command>" | --url <url> | --config <file> --server <name>
         headless: the locked skills whose upstream bytes match the lock, checked at start and at every listing
         --http <port>                    Streamable HTTP on 127.0.0.1 (0 picks a free port); every request needs
                                          "Authorization: Bearer <token>": $SKILL_INSPECTOR_GATEWAY_TOKEN, else a
                                          random one printed on stderr. docs/gateway.md has the URI scheme.

Team approvals (docs/team.md; the server is named as above, with the listing limits and --quiet):
  skill-inspector key new --name NAME --out FILE [--labels a,b] [--keychain]   a key (FILE, mode 600, and FILE.pub); prints
                                    its allowed-signers line. --keychain: the private key goes into the OS keychain
                                    (account signing-key:NAME), only FILE.pub is written; sign with --key keychain:NAME.
                                    key show --key FILE|keychain:NAME [--name NAME]: the line of an existing key
  skill-inspector approve <server> --skill NAME|URI ... --key FILE|keychain:NAME --out .skills/approvals
         [--reviewer NAME] [--acknowledge KEY|ID]... [--grant-allowed-tools] [--expires DATE] [--note TEXT]
         [--suppress KEY|ID... --reason TEXT --owner NAME --until DATE]
         runs check, then signs one receipt per skill; error-level findings need --acknowledge; exit 1 writes nothing.
         --suppress: accept these risk findings until DATE (reason and owner recorded, bound to the file's digest)
  skill-inspector verify <server> --receipts .skills/approvals [--trust .skills/allowed-signers] [--as-of DATE] [--json|--sarif [--sarif-root DIR]]
         every served skill needs a valid receipt from a trusted signer for exactly the served files; one line per
         skill; exit 1 when any lacks one. --trust defaults to allowed-signers beside the receipts folder

Limits (the app's Settings, as flags; a message about a limit names its flag):
  --request-timeout-ms <ms>         check, lock, verify, diff, list, load: each answer and the handshake (default ${d.requestTimeoutMs})
  --max-list-pages <n>              check, lock, verify, diff, list, load: skills/list pages followed (default ${d.maxListPages})
  --max-list-entries <n>            check, lock, verify, diff, list, load: skills listed (default ${d.maxListEntries})
  --max-list-bytes <bytes>          check, lock, verify, diff, list, load: bytes of skills/list answers (default ${bytes(d.maxListBytes)})
  --max-file-bytes <bytes>          check, load: the largest file read (default ${bytes(d.maxFileBytes)})
  --skill-byte-budget <bytes>       check, load: bytes read for one skill (default ${bytes(d.skillByteBudget)})
  --server-byte-budget <bytes>      check, load: bytes read from the server in all (default ${bytes(d.serverByteBudget)})
  --concurrency <n>                 check: skills checked at once (default ${CHECK_CONCURRENCY}); lock, verify, diff: skills/get
                                    requests at once (default ${d.readConcurrency})
  <bytes> is a whole number of bytes, or one with KiB, MiB or GiB (16MiB = 16777216).

check, lock, verify, diff, list, load:
  --quiet                           no progress on stderr

lock, verify and diff use skills/list and skills/get only: digests come from the entries, no file is read.
check is the explicit full read.

Exit codes: 0 clean / no drift / same; 1 findings at or above --fail-on / drift / different / nothing lockable /
            listing stopped early (list) / refused (load); 2 bad usage or cannot connect.
            With --all: the worst server's.
`;
