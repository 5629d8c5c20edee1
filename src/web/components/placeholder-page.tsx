import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';

/** Stands in for a screen that a later piece of work builds. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-20 text-center">
      <Construction className="text-primary size-10" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">This part of ReferBridge is on its way.</p>
      <Button asChild variant="outline">
        <Link to={paths.dashboard}>Back to Dashboard</Link>
      </Button>
    </main>
  );
}
