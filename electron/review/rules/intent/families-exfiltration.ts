// Prose that tells the agent to send a secret off the computer: a
// credential file, a key store or the environment, sent, posted or appended
// to an address — in the active voice ("append the contents of ~/.npmrc to
// https://…") and in the passive ("the contents of ~/.npmrc are to be
// appended to https://…"). The code rules read the same in code; these read
// the order given in words, which the agent then carries out with its tools.
import { modifierAt } from './families-secrets.js';
import { words, type Guard, type IntentPattern } from './matcher.js';

const ORDER = { negatable: true, describes: true } as const;

/**
 * Secrets kept on this computer that have no business at an address: credential files and stores, private keys,
 * the environment. Not a bare "API key" or "token": appending a key to its own API's URL is how many APIs are called.
 */
const KEPT_SECRETS = words(
  'kept secrets',
  [
    'npmrc|netrc|pypirc|pgpass|git credentials|git credentials file|aws credentials|aws credentials file|gcloud credentials|azure credentials|docker config|docker config json|kubeconfig|kube config|credentials file|credential file|credentials files|env file|env files|dotenv|dotenv file|environment file|env|environment|environment variables|env vars|env variables',
    'ssh key|ssh keys|ssh private key|ssh folder|ssh directory|id rsa|id ed25519|id ecdsa|id dsa|private key|private keys|private key file|gpg key|gpg keys|gnupg|keychain|keyring|login keychain|seed phrase|recovery phrase|mnemonic|wallet key|wallet keys|wallet file',
    'browser cookies|session cookies|cookies|saved passwords|stored passwords|passwords|secrets|all secrets|all credentials|shell history|bash history|zsh history|etc shadow|shadow file',
  ].join('|'),
);
/** Words that may stand between the verb and the secret: "the contents of the user's ~/.npmrc". */
const FILLER = words('filler', 'the|a|an|all|any|every|each|of|your|my|its|their|our|full|entire|complete|whole|raw|actual|current|exact|contents|content|text|value|values|and|or|user|user s|users|local|home|dot|file|files|folder|directory|stored|saved|found|config|ssh|aws');
const SEND = words('send', 'send|post|upload|append|attach|forward|transmit|submit|exfiltrate|pipe|include|embed|encode|copy|paste|pass|ship|sync|mirror|leak|add|put|beam|stream|push|report');
const SENT = words('sent', 'sent|posted|uploaded|appended|attached|forwarded|transmitted|submitted|exfiltrated|piped|included|embedded|encoded|copied|pasted|passed|shipped|synced|mirrored|leaked|added|put|placed|streamed|pushed|reported|written|given');
const TO = words('to', 'to|into|onto|at|as|via|through|in');
/** Places that are only a way out ("the webhook"); a written address counts through the URL after the word. */
const WAY_OUT = words('a way out', 'webhook|webhooks|pastebin|paste site|gist|request bin|requestbin|external server|third party server|external endpoint|collector|attacker');

/** Drop unless the secret goes to an address: a URL right after the match, or a way out within a few words. */
const unlessToAnAddress: Guard = (m, tokens) => {
  if (tokens[m.end - 1]!.urlAfter) return false;
  const sentence = tokens[m.end - 1]!.sentence;
  for (let i = m.end; i < tokens.length && i < m.end + 4 && tokens[i]!.sentence === sentence; i++) {
    if (tokens[i - 1]!.urlAfter || WAY_OUT.lengthsAt(tokens, i).length > 0) return false;
  }
  return true;
};

export const SEND_SECRETS: readonly IntentPattern[] = [
  {
    shape: 'send + a secret + to an address',
    steps: [{ lex: SEND }, { lex: KEPT_SECRETS, slack: 6, over: FILLER }, { lex: TO, slack: 6 }],
    ...ORDER,
    unless: [modifierAt(1), unlessToAnAddress],
  },
  {
    // "The contents of ~/.npmrc are to be appended to https://…": the same order in the passive. Only with a
    // modal: "passwords are sent to https://auth.example.com over TLS" describes a service, it orders nothing.
    shape: 'a secret + is to be sent + to an address',
    steps: [
      { lex: KEPT_SECRETS },
      { lex: words('is to be', 'is to be|are to be|must be|should be|shall be|will be|need to be|needs to be|has to be|have to be|is expected to be|are expected to be'), slack: 3, over: words('file', 'file|files|folder|directory|contents|content|then|also|both|all|in|full') },
      { lex: SENT, slack: 2, over: words('also', 'also|then|always|first|fully|all|quietly|silently|automatically|url|base64') },
      { lex: TO, slack: 3, over: words('the', 'the|a|an|end|of|query|string|address|url|request|form|field') },
    ],
    unless: [unlessToAnAddress],
  },
];
