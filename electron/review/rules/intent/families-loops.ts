// Intent families about loops with no end: retrying "indefinitely", "never
// stop polling", retrying "until the result contains the key". A bound in the
// same clause ("retry up to 3 times") makes a retry ordinary.
import { either, precededWithin, slackHas, words, type IntentPattern } from './matcher.js';
import { SECRET } from './vocabulary.js';

const ORDER = { negatable: true, describes: true } as const;

const LOOP = words(
  'repeat',
  'again|repeatedly|over and over|again and again|once more|one more time|after every run|after each run|after every pass|after each pass|retry|retrying|repeat|repeating|loop|looping|keep trying|keep retrying|keep going|keep running|keep calling|keep polling|keep asking|keep sending|keep requesting|keep looping|keep attempting|keep checking|keep searching|keep generating|keep querying|keep hammering|keep at it|keep it up|keep doing this|keep doing it|try again|rerun|re run|run again|run it again|call again|call it again|continue trying|continue retrying|continue looping|continue running|continue calling|continue polling|continue asking|continue sending|continue requesting|continue attempting|continue|poll|spin|iterate|cycle|resubmit|resend|re send|re try|reattempt|re attempt|attempt again|go again|do it again|do this again|start over|restart',
);
const UNBOUNDED = words(
  'without end',
  'indefinitely|forever|endlessly|infinitely|eternally|perpetually|ad infinitum|nonstop|non stop|that never terminates|that never ends|that never stops|that does not terminate|that does not end|that does not stop|that never finishes|never terminates|never ends|never ending|unending|without termination|without an end|without any end|with no end condition|with no exit condition|without an exit condition|with no stopping condition|without a stopping condition|without limit|without a limit|without any limit|without limits|without end|without stopping|without ever stopping|without giving up|without pause|without pausing|without a cap|without a maximum|without a timeout|without any timeout|with no limit|with no end|with no cap|with no maximum|with no timeout|with no upper bound|no matter how long|no matter how many|no matter how many times|no matter what|as many times as it takes|as many times as needed|as many times as necessary|as many times as possible|as long as it takes|an unlimited number of times|unlimited times|unlimited retries|unlimited attempts|infinite times|infinite retries|in an infinite loop|in an endless loop|never stop|never give up|never quit|do not stop|until the end of time|for eternity|until forever|round the clock|all day and all night|until you are stopped|until someone stops you|until told to stop|until you succeed|till the end',
);
/** A bound in the same clause makes a retry ordinary ("retry up to 3 times, never forever"). */
const BOUND = words('bound', 'not|never|no|once|twice|max|maximum|at most|up to|limit|limited|times|attempts|retries|seconds|second|minutes|minute|hours|timeout|backoff|then stop|and stop|stop after|give up|n|three|five|ten|few|several|couple|budget|capped|cap|bounded|deadline');

export const UNBOUNDED_LOOP: readonly IntentPattern[] = [
  {
    shape: 'retry + indefinitely',
    steps: [{ lex: LOOP }, { lex: UNBOUNDED, slack: 8 }],
    ...ORDER,
    unless: [slackHas(BOUND)],
  },
  {
    shape: 'never stop + retrying',
    steps: [{ lex: words('never stop', 'never stop|do not stop|never give up|never quit|do not give up|do not quit|never cease|do not cease|stop only when|only stop when|keep on') }, { lex: words('trying', 'trying|retrying|looping|polling|asking|repeating|running|calling|requesting|sending|searching|attempting|querying|generating|going|until'), slack: 2, over: words('slack', 'the|this|it|your|on|and') }],
    describes: true,
    unless: [precededWithin(words('if', 'if|when|unless|whether'), 2)],
  },
  {
    shape: 'retry + until it contains the key',
    steps: [
      { lex: LOOP },
      { lex: words('until', 'until|till'), slack: 8 },
      { lex: words('contains', 'contains|contain|includes|include|reveals|reveal|shows|show|prints|print|returns|return|leaks|leak|dumps|dump|exposes|expose|outputs|output|discloses|disclose|yields|yield|gives you|give you|gives up|give up|spits out|hands over|hand over'), slack: 4 },
      { lex: either('a secret', words('key', 'key|keys|token|tokens|password|passwords|secret|secrets|credential|credentials|flag|private key|seed phrase'), SECRET), slack: 4 },
    ],
    ...ORDER,
    unless: [slackHas(words('bound', 'not|never|no|once|twice|max|maximum|at most|up to|times|attempts|retries|seconds|minutes|timeout|backoff'))],
  },
];
