import { useCallback, useState } from 'react';

/*
 * Spec §4: once a player has answered a convocation, that match's button turns grey and is
 * disabled for the player, remembered for the session only: sessionStorage, per member.
 */
const key = (memberId: number) => `convocationsRepondues:${memberId}`;

function read(memberId: number): number[] {
  try {
    const raw = sessionStorage.getItem(key(memberId));
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

export function useAnsweredConvocations(memberId: number | undefined) {
  const [answered, setAnswered] = useState<readonly number[]>(() =>
    memberId === undefined ? [] : read(memberId),
  );
  const markAnswered = useCallback(
    (matchId: number) => {
      if (memberId === undefined) return;
      setAnswered((prev) => {
        if (prev.includes(matchId)) return prev;
        const next = [...prev, matchId];
        try {
          sessionStorage.setItem(key(memberId), JSON.stringify(next));
        } catch {
          // Storage refused (private mode): the state still holds it for this page.
        }
        return next;
      });
    },
    [memberId],
  );
  return { answered, markAnswered };
}
