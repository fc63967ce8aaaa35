// `skill-inspector help`. docs/cli.md says the same at length.
export const USAGE = `Usage: skill-inspector <command> [options]

Commands:
  check        List, get, read and verify every skill of one server; print the findings.
  lock         Pin what one server serves (skill URIs, names, {uri, digest, size} sets) in a lockfile.
  verify       Compare one server with a lockfile; exit 1 on any drift.
  diff         Compare two servers, a server and a lockfile, or two lockfiles.
  list         List one server's skills without reading any file.
  load         Load one skill as a host would (--skill <SKILL.md URI>): verify, then print it.
  demo-server  Serve the bundled sample skills (stdio, or --http PORT on 127.0.0.1).
  help         Show this text.

Naming a server (check, lock, verify, list, load):
  --stdio "<command and args>"      start a stdio server
  --url <http url>                  a Streamable HTTP server; add --header 'Name: value' (repeatable)
  --config <file> --server <name>   a server from a Claude Desktop, Cursor, VS Code or MCP Inspector config
  --label <name>                    the name reports and lockfiles use (default: from the command, host or config key)

check:
  --json | --junit | --sarif        output format on stdout (default: text; colour on a terminal unless NO_COLOR)
  --sarif-root <folder>             SARIF locations as repository paths: <folder>/<skill path>/<file>
  --fail-on error|warning|never     which findings fail the run (default: error)

lock:    --output <file>            default skills.lock.json; "-" writes to stdout. Other servers' sections are kept.
verify:  --lock <file>              required; --json for machine-readable drift
diff:    skill-inspector diff <A> <B> [--a-header H] [--b-header H] [--json]
         each side is stdio:"<command and args>", url:<http url> (or a bare http(s) URL),
         config:<file>#<server>, or lock:<file>[#<label>] (or a bare path to a lockfile);
         or, as in every other command, in order: --stdio "<command>", --url <url> [--header H]...,
         --config <file> --server <name>, --lock <file>[#<label>]
all:     --quiet                    no progress on stderr

lock, verify and diff use skills/list and skills/get only: digests come from the entries, no file is read.
check is the explicit full read.

Exit codes: 0 clean / no drift / same; 1 findings at or above --fail-on / drift / different / nothing lockable;
            2 bad usage or cannot connect.
`;
