import { textWithLinks } from '@club/contract';

/**
 * A message's plain text: text (React escapes it), line breaks kept, http(s) addresses made links
 * opening in a new tab without this page or its address. Never HTML.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="message-text">
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
