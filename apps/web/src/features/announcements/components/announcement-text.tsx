import { textWithLinks } from '@club/contract';

/**
 * A member's plain text: shown as text (React escapes it), line breaks kept, http(s) addresses
 * made links that open in a new tab without giving it this page (`noopener`) or the address
 * (`noreferrer`). Never HTML: nothing in the text can become markup or a `javascript:` link.
 */
export function AnnouncementText({ text }: { text: string }) {
  return (
    <p className="announcement-text">
      {textWithLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
