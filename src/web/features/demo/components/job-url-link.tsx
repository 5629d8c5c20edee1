import { ExternalLink } from 'lucide-react';

/** A demo request's job URL written out in full, opening in a new tab. */
export function JobUrlLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className="text-primary inline-flex items-center gap-1 text-sm break-all hover:underline"
    >
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      {url}
    </a>
  );
}
