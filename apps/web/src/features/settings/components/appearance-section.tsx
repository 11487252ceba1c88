import { THEMES, type Theme } from '@club/contract';
import { useTheme } from '../../../lib/theme.ts';
import { useLogoBackground } from '../hooks/use-logo-background.ts';

export const THEME_LABELS: Record<Theme, { label: string; hint: string }> = {
  light: { label: 'Clair', hint: 'Thème par défaut' },
  dark: { label: 'Sombre', hint: 'Moins lumineux, pour le soir' },
  daltonien: { label: 'Daltonien', hint: 'Couleurs distinguables par tous' },
};

/** Appearance (spec §2): the theme, local only, applied at once to the whole app; the logo background. */
export function AppearanceSection() {
  const [theme, setTheme] = useTheme();
  const [logoBackground, setLogoBackground] = useLogoBackground();
  return (
    <div className="settings-stack">
      <fieldset className="theme-choices">
        <legend>Thème</legend>
        {THEMES.map((t) => (
          <label key={t} className={`theme-choice ${theme === t ? 'is-selected' : ''}`}>
            <input
              type="radio"
              name="theme"
              value={t}
              checked={theme === t}
              onChange={() => setTheme(t)}
            />
            <span className={`theme-swatch theme-swatch-${t}`} aria-hidden="true" />
            <span>
              <strong>{THEME_LABELS[t].label}</strong>
              <span className="muted theme-hint">{THEME_LABELS[t].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={logoBackground}
          onChange={(e) => setLogoBackground(e.target.checked)}
        />
        Afficher le logo du club en arrière-plan
      </label>
      <p className="muted">Ces préférences sont enregistrées sur cet appareil uniquement.</p>
    </div>
  );
}
