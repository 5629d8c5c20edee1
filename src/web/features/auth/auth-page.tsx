import { PRODUCT_NAME } from '@shared/brand';
import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '@/components/brand';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/paths';
import { GoogleButton } from './components/google-button';
import type { SignInMode } from './utils/sign-in-texts';
import { PageMain } from '@/components/main-landmark';

const copy = {
  signup: {
    title: `Join ${PRODUCT_NAME}`,
    description: 'Create your account and get referred by employees at the companies you love.',
    switchText: 'Already have an account?',
    switchLink: 'Log in',
    switchTo: paths.signIn,
  },
  signin: {
    title: 'Welcome back!',
    description: 'Sign in to follow your referral requests.',
    switchText: "Don't have an account?",
    switchLink: 'Sign up',
    switchTo: paths.signUp,
  },
} as const;

/** Who sees what, said where the account is made, with the full texts one click away. */
function PrivacyNote() {
  const link = 'text-primary font-medium hover:underline';
  return (
    <div className="text-muted-foreground space-y-1 text-center text-xs">
      <p>Only you and the referrers you send a request to can see your profile and resume.</p>
      <p>
        By signing up you agree to our{' '}
        <Link to={paths.terms} className={link}>
          Terms
        </Link>{' '}
        and{' '}
        <Link to={paths.privacy} className={link}>
          Privacy
        </Link>{' '}
        policy.
      </p>
    </div>
  );
}

function AuthPage({ mode }: { mode: SignInMode }) {
  const c = copy[mode];
  // The page to come back to (?next=) goes along to the other of sign-in and sign-up.
  const { search } = useLocation();
  return (
    <PageMain className="flex min-h-screen items-center justify-center bg-gradient-to-br from-blue-50 via-white to-indigo-50 px-4 py-12">
      <div className="w-full max-w-md">
        <Link
          to={paths.home}
          className="text-muted-foreground hover:text-foreground mb-6 inline-flex items-center gap-1 text-sm"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to home
        </Link>
        <Card className="shadow-lg">
          <CardHeader className="items-center text-center">
            <BrandMark className="mx-auto mb-2 size-10" />
            <CardTitle>
              <h1 className="text-2xl font-bold">{c.title}</h1>
            </CardTitle>
            <CardDescription>{c.description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <GoogleButton mode={mode} />
            {mode === 'signup' ? <PrivacyNote /> : null}
            <p className="text-muted-foreground text-center text-sm">
              {c.switchText}{' '}
              <Link to={c.switchTo + search} className="text-primary font-medium hover:underline">
                {c.switchLink}
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </PageMain>
  );
}

export const SignUpPage = () => <AuthPage mode="signup" />;
export const SignInPage = () => <AuthPage mode="signin" />;
