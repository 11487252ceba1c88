import './ui.css';
/** Initials of a person or a club: first letters of the first two words ('Jade Martin' → 'JM'). */
export function initials(name: string) {
  const words = name
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase('fr-FR'))
    .join('');
}

/** A round picture, or the initials when there is none. Decorative: the name is written next to it. */
export function Avatar({
  name,
  src,
  size = 40,
}: {
  name: string;
  src?: string | null;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: size * 0.4 };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  return (
    <span className="avatar avatar-initials" aria-hidden="true" style={style}>
      {initials(name)}
    </span>
  );
}
