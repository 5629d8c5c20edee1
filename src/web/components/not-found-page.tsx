import { Link } from 'react-router';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';
import { PageMain } from '@/components/main-landmark';

/** Any other path (docs/product.md, Screens): the public header, one headline that says 404, and a way home. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <SiteHeader />
      <PageMain className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="text-muted-foreground max-w-md">
          The page you are looking for does not exist or has moved.
        </p>
        <Button asChild>
          <Link to={paths.home}>Back to home</Link>
        </Button>
      </PageMain>
      <SiteFooter />
    </div>
  );
}
