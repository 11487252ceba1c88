import { useClub } from '../api/club.ts';
import { useLogoBackground } from '../hooks/use-logo-background.ts';
import '../settings.css';

/**
 * The club's logo as a discreet background of the signed-in area (spec §2, §3
 * `logoBackgroundEnabled`). Faint and behind everything, so text stays readable in every theme;
 * a logo that fails to load simply shows nothing.
 */
export function LogoBackground({ clubId }: { clubId: number | null | undefined }) {
  const [enabled] = useLogoBackground();
  const club = useClub(enabled && clubId ? clubId : undefined);
  const url = enabled ? club.data?.logoUrl : null;
  if (!url) return null;
  return (
    <div
      className="logo-background"
      data-testid="logo-background"
      aria-hidden="true"
      style={{ backgroundImage: `url("${encodeURI(url)}")` }}
    />
  );
}
