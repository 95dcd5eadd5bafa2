/**
 * Comparing face descriptors (the recognition net's 128 numbers). face-api's convention, from
 * dlib's model it follows: Euclidean distance below 0.6 means the same person (dlib reports
 * 99.38 % accuracy on LFW at that threshold). We use a slightly stricter 0.55 for consent checks
 * because a false "same person" is the worse error there. Measured on six people cropped from
 * the package's sample photos: each face against its own mirrored, half-size copy 0.21–0.36;
 * any two of the different people 0.63–0.84 (test/integration/face checks both sides).
 */
export const SAME_PERSON_MAX_DISTANCE = 0.55;

export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`descriptors differ in length (${a.length} vs ${b.length})`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

export interface SamePersonDecision {
  distance: number;
  samePerson: boolean;
}

export function decideSamePerson(a: ArrayLike<number>, b: ArrayLike<number>, maxDistance = SAME_PERSON_MAX_DISTANCE): SamePersonDecision {
  const distance = descriptorDistance(a, b);
  return { distance, samePerson: distance < maxDistance };
}
