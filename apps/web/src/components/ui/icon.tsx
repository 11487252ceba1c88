import type { LucideIcon, LucideProps } from 'lucide-react';

/**
 * An icon of the one icon set (lucide-react, decision 0084): an inline SVG drawn in the text's
 * colour, 1.15 em high, hidden from screen readers — the text label next to it (visible or
 * visually hidden) names the control. Import each icon by name so the build keeps only those used.
 */
export function Icon({ as: Glyph, className, ...props }: { as: LucideIcon } & LucideProps) {
  return (
    <Glyph
      aria-hidden="true"
      focusable="false"
      size="1.15em"
      strokeWidth={2.25}
      className={className ? `icon ${className}` : 'icon'}
      {...props}
    />
  );
}
