// The intent family that makes an instruction outlive the skill: telling the
// agent to write to its own memory and instruction files (CLAUDE.md,
// AGENTS.md, SOUL.md, .cursorrules, copilot-instructions.md …), its settings
// (~/.claude/settings.json) or the folders it loads skills and commands
// from. The same writes made by code are judged by the code layer
// (code/agent-files.ts, code/judge.ts).
//
// Knowingly left to the code layer: MCP server lists and shell start-up
// files. "Add this to your claude_desktop_config.json" is how every MCP
// server's README installs it, and "add this line to ~/.bashrc" how every
// command-line tool sets PATH; said in prose to the reader, they are not
// evidence. Code that writes them is, and is judged by what it writes.
import { precededWithin, words, type Guard, type IntentPattern, type Lexicon, type Match } from './matcher.js';
import type { Token } from './normalise.js';

/** Orders in the imperative: a third person ("Claude Code writes its memory to CLAUDE.md") describes, it does not order. */
const WRITE_INTO = words(
  'write into',
  'write|append|add|insert|prepend|put|place|save|store|record|paste|copy|echo|pipe|inject|persist|include|embed|register',
);
/** Verbs whose object is the file itself ("update CLAUDE.md"). */
const CHANGE = words(
  'change',
  'update|edit|modify|change|amend|overwrite|rewrite|replace|patch|extend|create|write|append to|add to|prepend to|write to|save to|insert into|copy into|add a line to|add lines to|add an entry to|add a section to|add a rule to|add rules to',
);
const INTO = words('into', 'to|into|onto|inside|in|within|at the top of|at the start of|at the beginning of|at the end of|at the bottom of|to the top of|to the end of|to the bottom of|to the start of|on top of');

/** The memory and instruction files, settings and folders, as the folded words read ("agents md", "claude settings json"). */
export const AGENT_FILE = words(
  'the agent’s memory or settings',
  [
    'claude md|claude local md|agents md|agent md|gemini md|soul md|memory md',
    'cursorrules|windsurfrules|clinerules|roorules|cursor rules|windsurf rules|clinerules folder|roo rules|kiro steering',
    'copilot instructions md|copilot instructions file|github copilot instructions md|github instructions',
    'claude settings json|claude settings local json|settings local json|claude json|gemini settings json|codex config toml|cursor hooks json',
    'claude skills|claude commands|claude agents|claude hooks|claude output styles|codex skills|codex prompts|gemini skills|gemini commands|gemini extensions|agents skills|cursor commands|openclaw workspace',
    'memory file|memory files|your memory|your persistent memory|your long term memory|persistent memory|long term memory|your memories|your instructions file|your rules file|the rules file|custom instructions|your custom instructions',
  ].join('|'),
);
/** Words that may stand between the preposition and the file: "to the project's own AGENTS.md". */
const FILE_FILLER = words(
  'file filler',
  'the|your|my|our|their|its|this|that|a|an|project|projects|repo|repository|repositories|workspace|root|global|user|local|home|own|main|top|level|shared|team|s|agent|agents|assistant|claude|gemini|codex|cursor|windsurf|github|kiro|roo|cline|opencode|openclaw|config|directory|folder|dir|current|existing|new|personal',
);

// ---- guards ----

/** Drop when a word or phrase of `lex` starts in the slack between the steps. */
function slackHasPhrase(lex: Lexicon): Guard {
  return (m, tokens) => {
    for (let i = m.start; i < m.end; i++) {
      if (m.parts.some(([a, b]) => i >= a && i < b)) continue;
      if (lex.lengthsAt(tokens, i).length > 0) return true;
    }
    return false;
  };
}

/** Words after the file that make it the source, not the destination: "copy the rules in CLAUDE.md to your notes". */
const ONWARD = words('onward', 'to|into|onto|over to');
/** Words that start the next clause: "append … to GEMINI.md so it applies to every session" names no second place. */
const NEXT_CLAUSE = words('next clause', 'so|because|since|which|where|and|then|while|making|ensuring|as|that|for');
const sourceNotDestination: Guard = (m, tokens) => {
  const sentence = tokens[m.end - 1]!.sentence;
  for (let i = m.end; i < tokens.length && i < m.end + 4 && tokens[i]!.sentence === sentence; i++) {
    if (NEXT_CLAUSE.has(tokens[i]!.word)) return false;
    if (ONWARD.has(tokens[i]!.word)) return true;
  }
  return false;
};

/** "You can add rules to .cursorrules", "Claude may update MEMORY.md": what is possible, not an order. */
const POSSIBLE = precededWithin(words('modal', 'can|could|may|might|cannot|able|optionally|optional|allowed'), 2);

/** Words before "to" that keep it an order: "make sure to", "remember to", "you need to". */
const ORDER_LEAD = words('order lead', 'sure|remember|need|needs|have|has|got|required|supposed|important|essential|mandatory|crucial|must|going|always|also|then|now|please|want|wants|ensure|forget');
/** "Run /init to create a CLAUDE.md", "use this skill to update AGENTS.md": the purpose of another step, not an order. */
const purpose: Guard = (m: Match, tokens: readonly Token[]) => {
  const before = tokens[m.start - 1];
  if (!before || before.sentence !== tokens[m.start]!.sentence || before.word !== 'to') return false;
  const lead = tokens[m.start - 2];
  return !lead || lead.sentence !== before.sentence || !ORDER_LEAD.has(lead.word);
};

/** "If you want to add rules to CLAUDE.md, …": a condition in the same clause (not "When you finish, append …"). */
const CONDITION = words('condition', 'if|when|whenever|unless|once|in case|should you|how to|how do|how can|ways to|way to|where to|whether to');
const conditional: Guard = (m, tokens) => {
  const sentence = tokens[m.start]!.sentence;
  for (let i = m.start - 1; i >= 0 && i >= m.start - 5; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || t.pauseAfter) return false;
    if (CONDITION.lengthsAt(tokens, i).length > 0) return true;
  }
  return false;
};

/**
 * Words between the verb and the file that make the file a reference, not
 * the destination: "add tests that follow the rules in AGENTS.md", "add a
 * test as described in CLAUDE.md"; and installing the skill itself ("copy
 * this skill folder into ~/.claude/skills"), which is how skills are installed.
 */
const REFERENCE = slackHasPhrase(
  words(
    'a reference',
    'read|reads|follow|follows|obey|obeys|respect|respects|consult|consults|check|checks|see|per|according|described|explained|listed|shown|documented|defined|specified|mentioned|outlined|found|given|stated|detailed|covered|referenced|configured|kept|named|like|from|this skill|the skill|skill folder|this folder|the folder|this directory|the directory|this repository|this repo|the repository|the repo|these files|the files|this package',
  ),
);

const ORDER = { negatable: true, describes: true, unless: [POSSIBLE, purpose, conditional, sourceNotDestination, REFERENCE] } as const;

export const MEMORY_WRITE: readonly IntentPattern[] = [
  {
    // "Add the following line to the project's AGENTS.md", "append this paragraph to SOUL.md".
    shape: 'write + something + into + memory or settings file',
    steps: [{ lex: WRITE_INTO }, { lex: INTO, slack: 12 }, { lex: AGENT_FILE, slack: 4, over: FILE_FILLER }],
    ...ORDER,
  },
  {
    // "Update your CLAUDE.md", "overwrite ~/.claude/settings.json", "create a new AGENTS.md".
    shape: 'change + memory or settings file',
    steps: [{ lex: CHANGE }, { lex: AGENT_FILE, slack: 4, over: FILE_FILLER }],
    ...ORDER,
  },
  {
    // "In your CLAUDE.md, add: …".
    shape: 'in + memory or settings file + write',
    steps: [{ lex: words('in', 'in|inside|within') }, { lex: AGENT_FILE, slack: 4, over: FILE_FILLER }, { lex: WRITE_INTO, slack: 3, over: words('slack', 'please|also|now|then|always|you|should|must|file|folder|directory') }],
    ...ORDER,
  },
];
