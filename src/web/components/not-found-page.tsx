import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted/40 px-4 text-center">
      <p className="text-primary text-6xl font-bold">404</p>
      <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
      <p className="text-muted-foreground max-w-md">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild>
        <Link to={paths.home}>Back to home</Link>
      </Button>
    </main>
  );
}
