import { RequireMember } from './guards.tsx';
import { SignedInLayout } from './layouts/signed-in-layout.tsx';

/** The guard and the signed-in layout, loaded on demand with the first signed-in screen. */
export default function SignedInArea() {
  return (
    <RequireMember>
      <SignedInLayout />
    </RequireMember>
  );
}
