import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';

/** The call to action under every article (docs/product.md, Screens). */
export function ArticleCta() {
  return (
    <section aria-labelledby="article-cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="mx-auto max-w-3xl rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12">
        <h2 id="article-cta-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          Ready to get referred to your dream company?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-primary-foreground">
          Send one request with the job link and let a verified employee put your name forward.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.signUp}>
              Sign up for free
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
          >
            <Link to={paths.blog}>Read more articles</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
