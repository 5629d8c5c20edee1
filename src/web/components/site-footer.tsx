import { ArrowUpRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME, SOCIAL_PROFILE_URL, SUPPORT_EMAIL } from '@shared/brand';
import { BrandMark } from '@/components/brand';
import { cn } from '@/lib/utils';
import { paths } from '@/paths';

function scrollToTop() {
  window.scrollTo(0, 0);
}

const linkClass =
  'inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The public pages' footer (landing, blog, trust pages); every link starts the next page at the top. */
export function SiteFooter({ className }: { className?: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className={cn('border-t bg-muted/40', className)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-12 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold tracking-tight">
            <BrandMark className="size-7" />
            {PRODUCT_NAME}
          </p>
          <p className="text-sm text-muted-foreground">
            The fastest way to get referred by verified employees at the companies you want to work for.
          </p>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-x-12 gap-y-3 sm:grid-cols-[auto_auto_auto]">
          <ul className="space-y-3">
            <li>
              <Link to={paths.blog} onClick={scrollToTop} className={linkClass}>
                Blog
              </Link>
            </li>
            <li>
              <Link to={paths.companies} onClick={scrollToTop} className={linkClass}>
                Companies
              </Link>
            </li>
            <li>
              <Link to={paths.signUp} onClick={scrollToTop} className={linkClass}>
                Get Referred
              </Link>
            </li>
            <li>
              <Link to={paths.about} onClick={scrollToTop} className={linkClass}>
                About
              </Link>
            </li>
          </ul>
          <ul className="space-y-3">
            <li>
              <Link to={paths.privacy} onClick={scrollToTop} className={linkClass}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to={paths.terms} onClick={scrollToTop} className={linkClass}>
                Terms
              </Link>
            </li>
          </ul>
          <ul className="space-y-3">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} onClick={scrollToTop} className={linkClass}>
                <Mail aria-hidden="true" className="size-4" />
                Contact Us
              </a>
            </li>
            <li>
              <a
                href={SOCIAL_PROFILE_URL}
                target="_blank"
                rel="noopener noreferrer"
                onClick={scrollToTop}
                className={linkClass}
              >
                LinkedIn
                <ArrowUpRight aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-xs text-muted-foreground sm:px-6 md:text-left lg:px-8">
          {`© ${year} ${PRODUCT_NAME}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
