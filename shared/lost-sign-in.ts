// What the app says of a sign-in it kept in the secret store that the store
// does not give now (oauth-model.ts LostSignIn): on the server's overview and
// in the connection's "sign in" diagnostic alike, so it reads the same in both.
import type { LostSignIn } from './oauth-model.js';

export function lostSignInWords(lost: LostSignIn): string {
  return lost.problem === 'missing'
    ? `You signed in before, but that sign-in is no longer in ${lost.store} (${lost.reason}): another program may have deleted it. Sign in again.`
    : `You signed in before, but ${lost.store} would not give that sign-in (${lost.reason}). Sign in again to replace it (a locked store is asked again at each connection: unlocked, it gives the sign-in back).`;
}
