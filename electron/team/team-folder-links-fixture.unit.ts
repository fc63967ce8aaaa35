// What the team folder's link and race tests share: a token file's text (the
// kind of file outside a repository that a link in it could make the app read
// or quote), Alice, and her approval of skill://alpha on "payments" signed,
// with the file name the app gives that receipt.
import { alphaApproval } from './alpha-approval.unit.js';
import { signReceipt } from './receipt.js';
import { generateSigningKey } from './signing-key.js';
import { receiptFileName } from './team-folder.js';

/** A token file's text: none of it may be read as a receipt or quoted in a problem. */
export const TOKEN = 'GITHUB_TOKEN=ghp_supersecretvalue\n';
export const alice = generateSigningKey('alice');
/** Alice's approval of skill://alpha on "payments" (alpha-approval.unit.ts), signed. */
export const envelope = signReceipt(alphaApproval(), alice);
/** The file name the app gives `envelope` in the receipts folder. */
export const NAME = receiptFileName('payments', 'skill://alpha/SKILL.md', 'alpha', alice.fingerprint);
