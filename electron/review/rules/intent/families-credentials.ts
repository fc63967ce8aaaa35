// Asking the user for credentials: a password, key, token, one-time code,
// recovery phrase or card details handed to the agent in the conversation,
// rather than configured where such things belong. Also when the credential
// is named in one sentence (or list item) and asked for in the next by a
// pronoun ("… a six-digit code. Request that code from the user").
import { either, followedWithin, nextIs, slackHas, words, type Guard, type IntentPattern, type Lexicon } from './matcher.js';
import { modifierAt } from './families-secrets.js';
import { CREDENTIAL, SERVICE, SETTINGS_PLACE, UI_NOUNS, USER } from './vocabulary.js';

const ORDER = { negatable: true, describes: true } as const;

const ASK = words('ask', 'ask|asking|prompt|prompting|request|requesting|get|obtain|collect|have|make|require|query|press|pester|beg|convince|persuade|trick|get the user to|make the user|have the user|tell the user to|instruct the user to|ask that the user|request that the user|insist that the user|encourage the user to|urge the user to|invite the user to');
const HAND_OVER = words('hand over', 'provide|enter|give|paste|type|share|send|supply|input|submit|reveal|confirm|tell|tell you|read out|read|dictate|hand over|forward|post|drop|upload|reply with|respond with|write|fill in|copy');
const CRED_FILLER = either(
  'filler',
  words('filler', 'the|their|your|his|her|its|a|an|own|full|current|personal|valid|real|actual|existing|main|primary|master|users|user s|customer s|account|login|secret|private|one time|current|latest|new|me|us|with|them|you|word|words|digit|digits|character|characters|username|user name|email|email address|and|or|12|24|4|6|8|twelve|twenty four|six|four|eight|contents|content|of|ssh'),
  SERVICE,
);
/** The settings a credential is configured in, or the user doing it themselves: how legitimate skills ask for keys. */
const CONFIGURE = words('configure', 'set|configure|export|store|save|add|create|generate|rotate|revoke|put|define|register|update|keep|use|install|login|log in|sign in|authenticate|connect|link|reset|change|remove|delete|check|verify|obtain|get|fetch|copy');

export const CREDENTIAL_REQUEST: readonly IntentPattern[] = [
  {
    shape: 'ask the user + for their password',
    steps: [{ lex: ASK }, { lex: USER, slack: 2, over: words('the', 'the|your|a|each|every') }, { lex: CREDENTIAL, slack: 5, over: either('slack', words('for', 'for|to|you|them|their|his|her|its|the|a|an|your|own|with|out|over|us|me|again|directly|here|now'), HAND_OVER, CRED_FILLER) }],
    ...ORDER,
    unless: [modifierAt(2), slackHas(CONFIGURE), followedWithin(SETTINGS_PLACE, 6), nextIs(UI_NOUNS)],
  },
  {
    shape: 'ask for + the user’s password',
    steps: [{ lex: words('ask', 'ask|prompt|beg|press|pester|request|demand') }, { lex: words('for', 'for') }, { lex: CREDENTIAL, slack: 3, over: either('filler', CRED_FILLER, words('user', 'user|users|customer|customers')) }],
    ...ORDER,
    unless: [modifierAt(2), followedWithin(SETTINGS_PLACE, 6), nextIs(UI_NOUNS)],
  },
  {
    shape: 'collect their card number',
    steps: [{ lex: words('collect', 'collect|gather|obtain|get|take|request|record|capture|grab|harvest|ask for|note down|write down|save|store|keep|log|copy') }, { lex: words('their', 'their|the user s|the users|the customer s|the customers|his|her|each user s|every user s|the person s') }, { lex: CREDENTIAL, slack: 3, over: CRED_FILLER }],
    ...ORDER,
    unless: [modifierAt(2), followedWithin(SETTINGS_PLACE, 6), nextIs(UI_NOUNS)],
  },
  {
    shape: 'paste your token + here',
    steps: [{ lex: either('hand over', HAND_OVER, words('dm', 'dm|message|email|text|show me|send me|give me|tell me')) }, { lex: CREDENTIAL, slack: 5, over: CRED_FILLER }, { lex: words('here', 'here|below|in the chat|in this chat|into the chat|into this chat|in chat|in your reply|in your message|in your response|in the conversation|in this conversation|to me|to us|to the assistant|to the agent|to claude|in this window|into this window|right here|as a reply|in a reply|in the comments|in a comment|in the issue|in this thread|to continue|so i can|so that i can|so we can|for me|for verification|to verify your identity|to confirm your identity|to proceed'), slack: 4 }],
    ...ORDER,
    unless: [modifierAt(1), followedWithin(words('settings', 'settings|config|configuration|env|environment|dotenv|keychain|keyring|vault|manager|dashboard|console|terminal|cli|profile|file|files|rc'), 6)],
  },
  {
    shape: 'what is your password',
    steps: [{ lex: words('what is', 'what is|what are|send me|give me|tell me|share|share with me|i need|we need|i will need|we will need|i require|we require|provide me|provide me with|provide us with|i must have|hand over|reply with|respond with|i am going to need|please provide|kindly provide|please share|kindly share|please send|kindly send|please enter|please paste|please type') }, { lex: CREDENTIAL, slack: 3, over: either('filler', CRED_FILLER, words('with', 'with|me|us')) }],
    ...ORDER,
    unless: [modifierAt(1), followedWithin(SETTINGS_PLACE, 6), nextIs(UI_NOUNS), slackHas(words('own', 'own'))],
  },
];

// ---- a credential named just before, asked for by a pronoun ----

/** What a pronoun or a bare noun may stand for: a credential, or the code a bank or a site sends. */
const NAMED_CREDENTIAL = either('a credential', CREDENTIAL, words('sent codes', 'digit code|digit codes|digit number|digit pin|letter code|character code|code we text|code they text|texted code|text message code|confirmation code|login code|log in code|sign in code|access code|approval code|magic link|login link|sign in link'));
/** Words that make a credential word a modifier of something else: "a password-protected PDF", "the password field". */
const NOT_THE_THING = either('not the thing', UI_NOUNS, words('protected', 'protected|less|free|based|length|hint|hints|change|changes|expiry|expires|rules'));
/** How far back the thing a pronoun stands for is looked for, at most: its own sentence and the one before (a list item), in words. */
const LOOK_BACK_WORDS = 40;

/** A lone list marker ("2.", "b)") reads as a sentence of its own: it does not count as the sentence before. */
function listMarker(tokens: ReadonlyArray<{ word: string; sentence: number }>, i: number): boolean {
  const t = tokens[i]!;
  return /^(?:\d{1,3}|[a-z])$/.test(t.word) && tokens[i - 1]?.sentence !== t.sentence && tokens[i + 1]?.sentence !== t.sentence;
}

/**
 * Drop unless a credential is named just before the match: earlier in its sentence, or in the sentence before
 * it (list markers aside) — a bounded look-back, never further, so a pronoun far from any credential stays quiet.
 */
function unlessNamedBefore(lex: Lexicon): Guard {
  return (m, tokens) => {
    const sentence = tokens[m.start]!.sentence;
    let allowed = sentence - 1;
    for (let i = m.start - 1; i >= 0 && i >= m.start - LOOK_BACK_WORDS; i--) {
      const t = tokens[i]!;
      if (t.sentence < allowed) break;
      if (t.sentence === allowed && t.sentence !== sentence && listMarker(tokens, i)) {
        allowed--;
        continue;
      }
      for (const len of lex.lengthsAt(tokens, i)) {
        const after = tokens[i + len];
        const modifier = after !== undefined && after.sentence === t.sentence && !tokens[i + len - 1]!.pauseAfter && NOT_THE_THING.lengthsAt(tokens, i + len).length > 0;
        if (!modifier) return false;
      }
    }
    return true;
  };
}
const NAMED_BEFORE = unlessNamedBefore(NAMED_CREDENTIAL);

/** A pronoun or a bare noun that stands for something named before. */
const REFERENCE = words('it', 'it|that|this|them|those|these|that code|the code|this code|those codes|the codes|that number|the number|this number|that value|the value|this value|that one|this one|that thing|this thing|the thing|those words|the words|that phrase|the phrase|those details|the details');
/** Handing something over in the conversation (not "confirm", "copy" or "enter it on the site": those need a place). */
const GIVE = words('give', 'give|give you|paste|type|share|send|send you|tell|tell you|read out|dictate|hand over|forward|provide|supply|submit|reply with|respond with|drop|post|enter');
/** Where the user hands it over: the conversation. */
const IN_THE_CHAT = words('in the chat', 'here|message|messages|reply|response|chat|conversation|thread|me|us|you|assistant|agent');
const WHO = either('the user', USER, words('them', 'them|him|her'));

export const CREDENTIAL_BY_REFERENCE: readonly IntentPattern[] = [
  {
    // "Request that code from the user", after "the bank will text a six-digit code".
    shape: 'a credential, then: request it + from the user',
    steps: [{ lex: words('request', 'request|get|obtain|collect|ask for|take|grab|fetch|retrieve|need') }, { lex: REFERENCE }, { lex: words('from', 'from') }, { lex: WHO, slack: 2, over: words('the', 'the|your|a|their') }],
    ...ORDER,
    unless: [NAMED_BEFORE, followedWithin(SETTINGS_PLACE, 6)],
  },
  {
    // "Ask the user for it", after "the password of their Gmail account".
    shape: 'a credential, then: ask the user + for it',
    steps: [{ lex: words('ask', 'ask|prompt|press|pester|beg') }, { lex: WHO, slack: 2, over: words('the', 'the|your|a|each|every') }, { lex: words('for', 'for') }, { lex: REFERENCE, slack: 1, over: words('again', 'again|directly|now') }],
    followedBy: { end: true, lex: words('after', 'here|in|into|now|and|then|so|before|too|as|again|directly|right|via|over|by') },
    ...ORDER,
    unless: [NAMED_BEFORE, followedWithin(SETTINGS_PLACE, 6)],
  },
  {
    // "Have them type it into their next message", after "the password of their Gmail account".
    shape: 'a credential, then: have the user type it + here',
    steps: [
      { lex: words('have', 'have|make|get|ask|tell|let|instruct|invite|request|require') },
      { lex: WHO, slack: 2, over: words('the', 'the|your|a|each|every') },
      { lex: GIVE, slack: 2, over: words('to', 'to|please|just|simply|kindly|then|now') },
      { lex: REFERENCE },
      { lex: IN_THE_CHAT, slack: 3, over: words('into', 'in|into|to|as|a|an|their|your|the|next|this|back|directly|right|over|with|for') },
    ],
    ...ORDER,
    unless: [NAMED_BEFORE, slackHas(words('not', 'not|never|no'))],
  },
];
