import { splitLinks } from '../../domain/message-links';

// A message's text as React text (every character escaped), http(s) links clickable and opening apart,
// line breaks kept by the stylesheet (white-space: pre-wrap).
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((p, i) =>
        p.kind === 'link' ? (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {p.text}
          </a>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
