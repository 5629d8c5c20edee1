import {
  ArrowRight,
  BadgeCheck,
  Building2,
  CircleCheck,
  Clock,
  ShieldCheck,
  Sparkles,
  Users,
} from 'lucide-react';
import { lazy, Suspense, type ComponentType, type SVGProps } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@shared/brand';
import { SiteHeader } from '@/components/site-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';
import { EmployerMonogram, EmployerTiles } from './components/employer-logos';
import { PageMain } from '@/components/main-landmark';

// The footer is below the fold: it loads after the page, out of the first load's budget
// (docs/performance.md, First-visit JavaScript).
const SiteFooter = lazy(() => import('@/components/site-footer').then((m) => ({ default: m.SiteFooter })));

/** A sample toast, shown as a preview of what users see once a referrer accepts. */
function SuccessBanner() {
  return (
    <figure className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-white p-4 shadow-xl shadow-emerald-900/10 ring-1 ring-black/5">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <CircleCheck aria-hidden="true" className="size-5" />
      </span>
      <div className="space-y-0.5">
        <figcaption className="sr-only">Sample notification</figcaption>
        <p className="text-sm font-semibold text-foreground">Your referral to Stripe is on its way!</p>
        <p className="text-xs text-muted-foreground">A verified Stripe engineer accepted your request.</p>
      </div>
    </figure>
  );
}

function HeroPreview() {
  return (
    <div className="relative mx-auto w-full max-w-md lg:mx-0">
      <div className="rounded-2xl border bg-card p-6 shadow-2xl shadow-primary/10">
        <div className="flex items-center justify-between">
          <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">
            Referral request
          </span>
          <span className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-medium text-primary-strong">
            <Clock aria-hidden="true" className="size-3" />
            Sent 12s ago
          </span>
        </div>
        <div className="mt-5 flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-xl bg-muted">
            <EmployerMonogram name="Stripe" />
          </span>
          <div>
            <p className="font-semibold">Senior Frontend Engineer</p>
            <p className="text-sm text-muted-foreground">Stripe · Remote</p>
          </div>
        </div>
        <ul className="mt-6 space-y-3 text-sm">
          {[
            'Profile and résumé attached',
            'Matched with 3 verified referrers',
            'Referrer accepted your request',
          ].map((step) => (
            <li key={step} className="flex items-center gap-2">
              <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
              {step}
            </li>
          ))}
        </ul>
      </div>
      <div className="relative -mt-6 ml-6 sm:-mr-8 sm:ml-12">
        <SuccessBanner />
      </div>
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-linear-to-b from-primary/8 via-background to-background" />
        <div className="absolute -top-32 left-1/2 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
      </div>
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 md:pt-24 lg:grid-cols-2 lg:px-8 lg:pb-28">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-1.5 rounded-full border bg-background/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
            Referrals from verified employees
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Request referrals <span className="text-primary">in seconds</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            Instantly unlock referrals from top professionals at your dream companies. No cold messages, no
            waiting around.
          </p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <Button asChild size="lg" className="w-full shadow-lg shadow-primary/25 sm:w-auto">
              <Link to={paths.signUp}>
                Get referred now
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost" className="w-full sm:w-auto">
              <a href="#benefits-heading">See how it works</a>
            </Button>
          </div>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

function Employers() {
  return (
    <section aria-labelledby="employers-heading" className="border-y bg-muted/40 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="employers-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Get referred to the companies you love
          </h2>
          <p className="mt-4 text-muted-foreground">
            Employees at these companies and many more are part of a growing network of verified referrers.
          </p>
        </div>
        <div className="mt-10">
          <EmployerTiles labelledBy="employers-heading" />
        </div>
      </div>
    </section>
  );
}

interface Benefit {
  title: string;
  body: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const BENEFITS: Benefit[] = [
  {
    title: 'Connecting Job Seekers',
    body: 'Smart matching pairs you with employees at the company you are targeting, so every request reaches someone who can actually help.',
    icon: Users,
  },
  {
    title: 'Top Companies',
    body: 'Reach insiders at the most sought-after employers, from fast-growing startups to household names.',
    icon: Building2,
  },
  {
    title: 'Verified Referrals',
    body: 'Every referral comes from a real, verified employee, so your application lands with the credibility it deserves.',
    icon: ShieldCheck,
  },
];

function Benefits() {
  return (
    <section aria-labelledby="benefits-heading" className="scroll-mt-20 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="benefits-heading" className="scroll-mt-24 text-3xl font-bold tracking-tight sm:text-4xl">
            Everything you need to get your foot in the door
          </h2>
          <p className="mt-4 text-muted-foreground">
            {PRODUCT_NAME} turns the hardest part of the job search into a few clicks.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ title, body, icon: Icon }) => (
            <article
              key={title}
              className="group rounded-2xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-lg sm:p-8"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{body}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-20 sm:px-6 sm:pb-28 lg:px-8">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-20">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <div className="absolute -top-24 -right-16 size-72 rounded-full bg-white/10 blur-2xl" />
          <div className="absolute -bottom-28 -left-16 size-80 rounded-full bg-black/10 blur-2xl" />
        </div>
        <div className="relative mx-auto max-w-2xl">
          <BadgeCheck aria-hidden="true" className="mx-auto size-10 opacity-90" />
          <h2 id="cta-heading" className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Your next role is one referral away
          </h2>
          <p className="mt-4 text-lg text-primary-foreground">
            Join {PRODUCT_NAME} today and let people on the inside vouch for you.
          </p>
          <Button asChild size="lg" variant="secondary" className="mt-8 w-full shadow-lg sm:w-auto">
            <Link to={paths.signUp}>
              Get referred to your dream job
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="mt-6">
            <Link to={paths.refer} className="underline underline-offset-4">
              Refer people at your company
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <SiteHeader />
      <PageMain className="flex-1">
        <Hero />
        <Employers />
        <Benefits />
        <ClosingCta />
      </PageMain>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
