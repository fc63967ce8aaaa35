// Phrases that try to take the agent over (threat model T1): overriding its
// instructions, keeping things from the user, speaking as the system, and
// waving away the user's consent. Phrases are evidence to read, not proof:
// every finding is a warning with the sentence shown.
import { findInvisible } from '../../../shared/invisible-chars.js';
import type { RiskFindingId } from '../../../shared/risk-findings.js';
import { eachMatch, emptyResult, lineExcerpt, locate, riskFinding, type RiskContext, type RuleResult, type TextSource } from './context.js';

const PHRASES: ReadonlyArray<{ id: RiskFindingId; pattern: RegExp; what: string }> = [
  {
    id: 'risk-override-instructions',
    pattern: /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:(?:all|any|the|your|every|of|these)\s+){0,3}(?:previous|prior|above|earlier|preceding|original|other|system|existing|safety|developer)\s+(?:instructions?|prompts?|rules|directions|guidelines|messages|context|guardrails|polic(?:y|ies))/gi,
    what: 'tells the agent to set aside its other instructions',
  },
  { id: 'risk-override-instructions', pattern: /\bforget\s+(?:everything|all)\s+(?:you|that|above)\b/gi, what: 'tells the agent to forget what it was told' },
  { id: 'risk-override-instructions', pattern: /\b(?:your|the)\s+(?:new|real|true|actual)\s+(?:instructions|task|purpose|goal|objective)\s+(?:is|are)\b/gi, what: "redefines the agent's task" },
  { id: 'risk-override-instructions', pattern: /\b(?:these|this|my)\s+instructions?\s+(?:take\s+precedence|override|supersede|replace)/gi, what: 'claims to outrank other instructions' },
  { id: 'risk-override-instructions', pattern: /\btakes?\s+precedence\s+over\s+(?:all\s+|any\s+)?(?:other|previous|prior|system|user)\b/gi, what: 'claims to outrank other instructions' },
  {
    id: 'risk-conceal-from-user',
    pattern: /\b(?:do\s*n[o']?t|never|must\s+not|should\s+not)\s+(?:tell|inform|notify|alert|warn|show|mention\s+(?:this|it|anything)\s+to|reveal\s+(?:this|it|anything)\s+to|let)\s+(?:the\s+|your\s+)?(?:user|human|operator)/gi,
    what: 'asks the agent to keep something from the user',
  },
  { id: 'risk-conceal-from-user', pattern: /\bwithout\s+(?:telling|informing|notifying|alerting|showing|letting)\s+(?:the\s+|your\s+)?(?:user|human|operator)/gi, what: 'asks the agent to act without the user knowing' },
  { id: 'risk-conceal-from-user', pattern: /\b(?:keep|hide|conceal)\s+(?:this|it|that|these\s+\w+|the\s+\w+)\s+(?:(?:secret|hidden|confidential)\s+)?from\s+(?:the\s+|your\s+)?(?:user|human|operator)/gi, what: 'asks the agent to hide something from the user' },
  { id: 'risk-conceal-from-user', pattern: /\bthe\s+(?:user|human)\s+(?:must|should)\s+(?:not|never)\s+(?:know|see|find\s+out|notice|learn)/gi, what: 'asks that the user not find out' },
  { id: 'risk-conceal-from-user', pattern: /\bsilently\s+(?:run|execute|send|upload|post|install|delete|remove|copy|write|modify|change|add|exfiltrate)\b/gi, what: 'asks for an action to be done silently' },
  {
    id: 'risk-impersonation',
    // [ \t] rather than \s: with the m flag, \s would run across blank lines from every line start.
    pattern: /^[ \t]*(?:<\/?(?:system|system[-_ ]?(?:prompt|message|reminder|instructions?)|assistant|admin)>|\[\/?(?:system|SYSTEM|INST)\]|<\|im_start\|>[ \t]*system|#{1,3}[ \t]*system[ \t]*(?:prompt|message)?[ \t]*:?[ \t]*$|system[ \t]*(?:prompt|message)?[ \t]*:)/gim,
    what: 'writes as if it were the system prompt',
  },
  {
    id: 'risk-impersonation',
    pattern: /\b(?:you\s+are\s+now|from\s+now\s+on,?\s+you\s+are|act\s+as|pretend\s+(?:to\s+be|you\s+are)|roleplay\s+as)\s+(?:the\s+|an?\s+)?(?:system|unrestricted|jailbroken|dan\b|developer\s+mode|admin(?:istrator)?\b|root\b|god\s+mode)/gi,
    what: 'tries to change what the agent is',
  },
  {
    id: 'risk-impersonation',
    pattern: /\bthis\s+(?:message|instruction|request|skill)\s+(?:is|comes)\s+(?:from|sent\s+by|authori[sz]ed\s+by)\s+(?:the\s+)?(?:system|anthropic|openai|google|your\s+developers?|the\s+developers?|administrator|admin)\b/gi,
    what: 'claims to come from the system or the vendor',
  },
  { id: 'risk-impersonation', pattern: /\bthe\s+(?:user|human)\s+has\s+(?:already\s+)?(?:approved|authori[sz]ed|consented|agreed|granted|confirmed)\b/gi, what: "claims the user's approval in advance" },
  {
    id: 'risk-skip-consent',
    pattern: /\b(?:do\s*n[o']?t|never|without)\s+(?:ask(?:ing)?|request(?:ing)?|wait(?:ing)?\s+for|seek(?:ing)?)\s+(?:for\s+)?(?:the\s+|any\s+)?(?:user'?s?\s+)?(?:permission|confirmation|approval|consent)/gi,
    what: 'tells the agent not to ask for permission',
  },
  { id: 'risk-skip-consent', pattern: /--dangerously-skip-permissions\b|--yolo\b|\bbypassPermissions\b|\bauto[- ]?approve\s+(?:all|every|everything)\b/gi, what: 'turns off permission prompts' },
];

/** A text to scan and how its offsets map back to the source. */
interface View {
  readonly text: string;
  readonly toSource: (offset: number) => number;
  readonly note: string;
}

/**
 * The source as written; the same with invisible characters removed (a zero
 * width space inside "ig\u200Bnore" defeats a plain search); and the text that
 * tag-character runs spell, which a model reads although nobody sees it.
 */
function views(source: TextSource): View[] {
  const out: View[] = [{ text: source.text, toSource: (o) => o, note: '' }];
  const runs = findInvisible(source.text).filter((r) => r.kind !== 'space');
  if (runs.length === 0) return out;
  let stripped = '';
  const map: number[] = [];
  let at = 0;
  for (const run of runs) {
    for (let i = at; i < run.index; i++) {
      map.push(i);
      stripped += source.text[i];
    }
    at = run.index + run.length;
  }
  for (let i = at; i < source.text.length; i++) {
    map.push(i);
    stripped += source.text[i];
  }
  out.push({ text: stripped, toSource: (o) => map[o] ?? source.text.length, note: ' (with invisible characters removed)' });
  for (const run of runs) {
    if (run.kind === 'tag' && run.decoded) out.push({ text: run.decoded, toSource: () => run.index, note: ' (in hidden tag characters)' });
  }
  return out;
}

export function hijackRule(ctx: RiskContext): RuleResult {
  const out = emptyResult();
  for (const source of ctx.sources) {
    const where = source.field ? `${source.path} (${source.field})` : source.path;
    const seen = new Set<string>();
    for (const view of views(source)) {
      for (const { id, pattern, what } of PHRASES) {
        eachMatch(view.text, pattern, (m) => {
          const offset = view.toSource(m.index + (m[0].length - m[0].trimStart().length));
          const at = locate(ctx, source, offset);
          const key = `${id}:${at.line}`;
          if (seen.has(key)) return;
          seen.add(key);
          out.findings.push(
            riskFinding(id, `${where} line ${at.line} ${what}${view.note}: "${m[0].trim().slice(0, 160)}". Such phrases are how injected instructions work; read the sentence in context.`, at, {
              excerpt: lineExcerpt(source, offset, m[0].length),
            }),
          );
        });
      }
    }
  }
  return out;
}
