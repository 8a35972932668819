import { Link } from '@tanstack/react-router';
import type { TextPiece } from '../format';

// Underlined as well as coloured: a link inside text must not be told apart by colour alone.
const link = 'text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent';

/** Post text with #hashtags linked to a search, @mentions to the user, and web links. */
export function PostText({ pieces, lang, className, title }: { pieces: TextPiece[]; lang: string | null; className?: string; title?: string }) {
  return (
    <p lang={lang ?? undefined} title={title} className={className ?? 'whitespace-pre-wrap break-words'}>
      {pieces.map((p, i) =>
        p.kind === 'tag' ? (
          <Link key={i} to="/social" search={{ q: p.value }} className={link}>
            {p.value}
          </Link>
        ) : p.kind === 'mention' ? (
          <Link key={i} to="/social/users/$user" params={{ user: p.value.slice(1) }} className={link}>
            {p.value}
          </Link>
        ) : p.kind === 'url' ? (
          <a key={i} href={p.value} target="_blank" rel="noopener noreferrer" className={link}>
            {p.value.replace(/^https?:\/\//, '')}
          </a>
        ) : (
          p.value
        ),
      )}
    </p>
  );
}
