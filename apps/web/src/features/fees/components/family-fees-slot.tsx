import { lazy, Suspense, type ComponentProps } from 'react';
import { useOwnFees } from '../api/fees.ts';

const FamilyFees = lazy(() => import('./family-fees.tsx').then((m) => ({ default: m.FamilyFees })));

/**
 * The family's fees on the home and the profile, whose code loads only once the member's
 * answer has a fee to show (most members of most clubs have none to see on a given day): the
 * screens' own JavaScript stays within their budget (docs/decisions/0091-signed-in-javascript-budget.md).
 */
export function FamilyFeesSlot(props: ComponentProps<typeof FamilyFees>) {
  const own = useOwnFees();
  if (!own.data?.cotisations.length) return null;
  return (
    <Suspense fallback={null}>
      <FamilyFees {...props} />
    </Suspense>
  );
}
