// The word families the intent patterns are built from. Each is a plain list
// a reviewer can read: adding a spelling is adding a word here.
import { either, words } from './matcher.js';

// ---- who and what ----

export const USER = words('the user', 'user|users|the user|the users|human|the human|humans|operator|the operator|owner|the owner|person|the person|people|anyone|anybody|customer|the customer|customers|client|the client|requester|the requester|your user|your human|your operator|your owner|my user|end user|the end user|end users');
export const AGENT_NAMES = words('the agent', 'agent|assistant|model|ai|llm|claude|bot|chatbot');

/** Articles, quantifiers and possessives that may stand before the qualifier of an instruction. */
export const FILLER = words(
  'filler',
  'the|a|an|all|any|of|your|my|its|their|his|her|our|these|those|this|that|every|each|and|or|about|completely|entirely|totally|fully|simply|just|now|please|previously|given|such|both|whole|entire|current|set|established|other|remaining|single|earlier|old|various|assorted|sundry|numerous|many|several|multiple',
);

// Qualifiers that point at the agent's own instructions.
export const QUAL_STRONG = words(
  'prior or own',
  'previous|previously given|prior|earlier|above|preceding|foregoing|original|initial|former|system|your|yours|safety|ethical|moral|content|developer|developers|programmed|built in|builtin|core|hidden|internal|operating|training',
);
export const QUAL_MEDIUM = words('usual', 'usual|normal|default|standard|existing|regular|typical|established|assigned|base|baseline|conflicting|current|other|old|all other|any other|all prior|all previous|customary|ordinary');
export const QUAL_WEAK = words('any', 'all|any|every|these|those|such');
/** Words between a qualifier and its noun: "your previous safety instructions". */
export const MODIFIER = either(
  'modifier',
  words('modifier', 'safety|content|ethical|moral|system|operating|security|core|base|behavioral|behavioural|usage|internal|hidden|programmed|built|in|developer|openai|anthropic|model|ai|assistant|llm|chat|and|or|of|set|given|stated|guiding|alignment|policy|instruction|prompt|training|claude|s'),
  QUAL_STRONG,
  QUAL_MEDIUM,
);

/** What an agent is told to follow. */
export const OBJ_AGENT = words(
  'instructions',
  'instructions|instruction|prompt|prompts|system prompt|system prompts|system message|guidelines|guideline|guidance|directives|directive|guardrails|guardrail|safeguards|programming|training|conditioning|constraints|constraint|restrictions|restriction|limitations|principles|ethics|directions|orders|commands|rules of engagement|content policy|content policies|safety policy|safety policies|usage policy|usage policies|alignment',
);
/** Nouns that also name a project's settings ("lint rules"), so need a strong qualifier. */
export const OBJ_GENERIC = words('rules', 'rules|rule|policies|policy|context|messages|filters|filter|protocols|protocol|boundaries|limits|values|safety measures|safety features|protections');
export const OBJ_ANY = either('instructions or rules', OBJ_AGENT, OBJ_GENERIC);

// ---- secrets ----

/** What counts as a secret to disclose. */
export const SECRET = words(
  'secrets',
  [
    'system prompt|system prompts|system message|system instructions|hidden system prompt|hidden system message|hidden system instructions|secret instructions|hidden instructions|hidden prompt|initial instructions|initial prompt|original instructions|original prompt|developer message|developer instructions|developer prompt|prompt above|instructions above|your instructions|your prompt|your full prompt|your rules|your guidelines|your initial instructions|your original instructions|your system instructions|the prompt you were given|the instructions you were given|your hidden instructions|your programming',
    'credentials|credential|login credentials|api key|api keys|apikey|apikeys|api token|api tokens|secret key|secret keys|secret access key|access key|access keys|access key id|private key|private keys|ssh key|ssh keys|ssh private key|id rsa|id ed25519|id ecdsa|gpg key|pgp key|signing key|signing keys|keystore',
    'authorization header|authorization headers|auth header|auth headers|bearer token|bearer tokens|access token|access tokens|auth token|auth tokens|refresh token|refresh tokens|session token|session tokens|session cookie|session cookies|cookies|cookie header|jwt|personal access token|personal access tokens|oauth token|oauth tokens|client secret|client secrets|webhook secret|github token|npm token|pypi token|slack token|openai key|anthropic key|aws key|aws keys',
    'password|passwords|passphrase|passphrases|passcode|secrets|secret|env file|env files|dotenv|dotenv file|environment file|aws credentials|git credentials|gcloud credentials|docker config|kubeconfig|npmrc|netrc|pypirc|keychain|keyring|seed phrase|recovery phrase|mnemonic|wallet key|wallet keys|2fa code|2fa codes|otp|backup codes|recovery codes|master key|encryption key|encryption keys|database password|connection string|connection strings',
  ].join('|'),
);

/** Environment variables as a whole (listing them with their values discloses every secret in them). */
export const ENV_VARS = words('environment variables', 'environment variable|environment variables|env var|env vars|env variable|env variables|environment|env|envvars|process env|os environ');

/** What the user is asked to hand over. */
export const CREDENTIAL = words(
  'credentials',
  [
    'password|passwords|passcode|passphrase|pin|pin code|pin number|api key|api keys|apikey|api token|access token|access key|secret key|secret access key|private key|private keys|token|personal access token|credentials|credential|login|login details|login credentials|username and password|user name and password|sign in details',
    '2fa code|2fa codes|2fa|2fa token|mfa code|mfa codes|mfa token|mfa|otp|otp code|one time password|one time code|one time passcode|verification code|authentication code|authenticator code|security code|sms code|backup code|backup codes|recovery code|recovery codes|totp|totp code',
    'id rsa|id rsa file|id ed25519|id ed25519 file|id ecdsa|id ecdsa file|id dsa|ssh keys|ssh key file|private key file|private ssh key|seed phrase|seed words|recovery phrase|secret recovery phrase|secret phrase|mnemonic|mnemonic phrase|wallet key|wallet password|ssh key|ssh private key|session cookie|cookies|cvv|cvc|card number|credit card number|credit card|card details|bank password|bank details|social security number|ssn|security questions|security answers|secret|secrets',
  ].join('|'),
);
/** Service names that may stand before a credential: "their GitHub token". */
export const SERVICE = words(
  'services',
  'github|gitlab|bitbucket|npm|pypi|openai|anthropic|aws|azure|gcp|google|slack|stripe|jira|notion|discord|telegram|twitter|linear|vercel|netlify|cloudflare|heroku|docker|dockerhub|hub|huggingface|hf|atlassian|okta|sendgrid|twilio|shopify|supabase|firebase|bank|banking|email|gmail|outlook|wallet|crypto|metamask|ledger|coinbase|binance|vpn|sudo|root|admin|account|service|app|personal|access|api|master|database|db|ssh|cloud|work|company|login|apple|microsoft|icloud|paypal|venmo|exchange',
);

/** Where a secret must not go: back into the conversation, or out of it. */
export const DESTINATION = words(
  'into the conversation',
  [
    'into your reply|into your response|into your answer|into your message|into the reply|into the response|into your next response|into your next reply|at the top of your answer|at the top of your reply|at the end of your answer|at the end of your reply|in your response|in your next response|in the response|in your reply|in your next reply|in the reply|in your answer|in your next answer|in the answer|in your final answer|in the output|in your output|in your message|in your next message|in the message|in the chat|to the chat|into the chat|in this chat|in chat|in the conversation|in this conversation|into the conversation|back to me|to me|to us|with me|with us',
    // The reply named closely: "in your very next reply", "at the very top of your response".
    'in your very next response|in your very next reply|in your very next answer|in your very next message|into your very next response|into your very next reply|in your next response to the user|in your next reply to the user|at the top of your response|at the end of your response|at the start of your reply|at the start of your response|at the start of your answer|at the beginning of your reply|at the beginning of your response|at the beginning of your answer|at the very top of your answer|at the very top of your reply|at the very top of your response|at the very end of your answer|at the very end of your reply|at the very end of your response|at the very start of your reply|at the very start of your response|at the very start of your answer|at the very beginning of your reply|at the very beginning of your response',
    'verbatim|in full|word for word|in plain text|plaintext|in cleartext|unredacted|unmasked|unmodified|as is|character for character|exactly as written|exactly as it appears|in its entirety|without redaction|without redacting|without masking',
    'in the pr description|in a pr description|in a public comment|in a new issue|in a public issue|in the commit message|in a commit message|in the url|in a url|as a query parameter|as a url parameter|to the url|to this url|to the webhook|to this webhook|to a webhook|in the image url|in an image url|in a markdown image|in an image link|publicly|to a gist|in a gist|to pastebin|on pastebin',
  ].join('|'),
);
/** Words after a secret that say it goes where it belongs (an API call) or is masked. */
export const SAFE_HANDLING = words(
  'masked or sent to its API',
  'redacted|redact|redacting|masked|mask|masking|obfuscated|hashed|hash|truncated|censored|partially|partial|first|last|asterisks|placeholder|placeholders|header|headers|request|requests|authenticate|authentication|authorize|when calling|config|configuration|environment|settings|curl|client|sdk|keychain|vault|secret manager|secrets manager|env|dotenv|name|names|prefix|length|format|fingerprint|exists|is set|are set|presence|whether',
);
/** Screens and controls that share a name with a secret ("show the password field"). */
export const UI_NOUNS = words(
  'interface words',
  'field|fields|input|inputs|box|boxes|form|forms|strength|policy|policies|requirements|requirement|rules|prompt|dialog|dialogs|reset|manager|hint|hints|toggle|icon|page|pages|screen|screens|tab|tabs|button|buttons|panel|menu|settings|option|options|column|columns|label|labels|placeholder|modal|window|section|widget|component|indicator|meter|rotation|expiry|expiration|creation|generator',
);
/** Where a credential is configured rather than handed over (how legitimate skills ask for keys). */
export const SETTINGS_PLACE = words(
  'settings',
  'settings|setting|config|configuration|configure|configured|env|environment|environment variable|environment variables|env var|env vars|dotenv|keychain|keyring|vault|manager|dashboard|console|terminal|cli|profile|file|files|rc|variable|variables|secret store|secrets store|preferences|ui|form|set|export|exported|yourself|themselves|locally|securely|oauth|sso|browser|login page|sign in page|web page|website|portal|password manager|prompt shown by|prompted by',
);
/** Sources of text the agent reads but must not obey ("instructions in fetched pages"). */
export const UNTRUSTED_SOURCE = words(
  'untrusted content',
  'page|pages|web|website|websites|webpage|webpages|document|documents|doc|docs|file|files|content|contents|data|email|emails|message|messages|issue|issues|comment|comments|ticket|tickets|result|results|output|outputs|input|inputs|text|html|response|responses|repo|repository|repositories|readme|pdf|pdfs|attachment|attachments|it|they|embedded|contained|found|inside|within|untrusted|external|third party|retrieved|fetched|scraped|tool|tools|search|browsing|user content|user provided|provided|pasted|uploaded|that appear|that arrive|you read|you fetch|you find',
);
/** Settings and files that share a name with an instruction ("lint rules", "firewall rules"). */
export const TECH_NOUNS = words(
  'settings nouns',
  'settings|setting|preferences|tray|menu|directory|directories|folder|folders|dir|path|paths|file|files|dialog|panel|view|shell|clock|time|language|font|theme|level|config|configuration|properties|requirements|log|logs|libraries|library|package|packages|python|partition|filesystem|certificate|ca|user|users|account|node|element|cause|branch|access|call|calls|variable|variables|dependencies|locale|tab|page|of|on|at|for|in|folder|prompt|default|defaults|status|state|process|processes|service|services|information|info|check|checks|design|architecture|tests|test|image|images|clipboard|keychain|volume|disk',
);
