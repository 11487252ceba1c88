import type { TSiteInfo } from '@club/contract';

const NETWORKS = [
  { key: 'facebook', label: 'Facebook', glyph: 'f' },
  { key: 'twitter', label: 'Twitter / X', glyph: 'X' },
  { key: 'instagram', label: 'Instagram', glyph: 'IG' },
  { key: 'linkedin', label: 'LinkedIn', glyph: 'in' },
] as const;

/**
 * The four social links of the footer (spec §2). Targets come from configuration; a network without
 * a target is shown but is not a link (docs/architecture.md §11: no dead links).
 */
export function SocialLinks({ social }: { social: TSiteInfo['social'] | null }) {
  return (
    <ul className="social-links" aria-label="Réseaux sociaux">
      {NETWORKS.map(({ key, label, glyph }) => {
        const href = social?.[key] ?? null;
        const badge = (
          <span className="social-glyph" aria-hidden="true">
            {glyph}
          </span>
        );
        return (
          <li key={key}>
            {href ? (
              <a className="social-link" href={href} rel="noopener noreferrer" target="_blank">
                {badge}
                <span className="visually-hidden">{label} (nouvelle fenêtre)</span>
              </a>
            ) : (
              <span className="social-link social-link-off" title={`${label} : lien non configuré`}>
                {badge}
                <span className="visually-hidden">{label} (pas de lien)</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
