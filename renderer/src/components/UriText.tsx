// A URI as it must be drawn: every character a reader cannot see — line
// breaks and tabs too, which in a URI only hide where it really ends — shown
// as a labelled mark (shared/invisible-chars.ts). A server chooses its URIs;
// "skill://a<LF>/b" must not look like "skill://a /b".
import { useMemo } from 'react';
import { revealIdentifierSegments } from '../../../shared/invisible-chars.js';
import { InvisibleText } from './InvisibleText.js';

export function UriText({ uri }: { uri: string }) {
  const segments = useMemo(() => revealIdentifierSegments(uri), [uri]);
  return <InvisibleText segments={segments} />;
}
