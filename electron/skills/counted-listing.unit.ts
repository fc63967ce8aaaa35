// A listing of many files behind a proxy that counts every element read: how
// the tests of big skills show that a lookup does not walk the listing,
// without timing anything.
import type { SkillFileRef } from '../../shared/model.js';

export function countedListing(length: number, uriOf: (i: number) => string): { resources: SkillFileRef[]; reads: () => number } {
  const plain = Array.from({ length }, (_, i) => ({ uri: uriOf(i), digest: `sha256:${i.toString(16).padStart(64, '0')}`, size: i }));
  let reads = 0;
  const resources = new Proxy(plain, {
    get(target, key, receiver) {
      // An index (the only keys starting with a digit): counted cheaply, as a regular expression per read is slow here.
      if (typeof key === 'string' && key.charCodeAt(0) >= 48 && key.charCodeAt(0) <= 57) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { resources, reads: () => reads };
}
