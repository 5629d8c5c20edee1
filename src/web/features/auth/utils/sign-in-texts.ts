import { PRODUCT_NAME } from '@shared/brand';

export type SignInMode = 'signin' | 'signup';

/** The messages of docs/product.md, Messages for the two variants of the Google button. */
export const signInTexts = {
  signup: {
    button: 'Sign up with Google',
    popupBlocked: 'Please allow popups for this site to sign up with Google.',
    failed: 'Something went wrong during the sign up process. Please try again.',
    unexpected: 'An error occurred during the Google sign-up process. Please try again.',
    successTitle: 'Sign up successful!',
    successBody: `Welcome to ${PRODUCT_NAME}! You are now being redirected to your dashboard.`,
  },
  signin: {
    button: 'Sign in with Google',
    popupBlocked: 'Please allow popups for this site to sign in with Google.',
    failed: 'Invalid credentials or account not found. Please try again.',
    unexpected: 'An error occurred during the Google sign-in process. Please try again.',
    successTitle: 'Sign in successful!',
    successBody: `Welcome back to ${PRODUCT_NAME}! You are now being redirected to your dashboard.`,
  },
} as const;

export const STATUS_CHECK_FAILED =
  'There was a problem checking your authentication status. Please try again.';

/**
 * The success toast (docs/product.md, Messages): a sign-in that created the account says the sign-up texts, any
 * other the sign-in texts, whichever button started it (issue 46 item 9), so a new person is welcomed and
 * a returning one welcomed back. Going back to a page other than the dashboard says so instead.
 */
export function signInSuccessTexts(newAccount: boolean, toDashboard: boolean) {
  const texts = signInTexts[newAccount ? 'signup' : 'signin'];
  return {
    title: texts.successTitle,
    description: toDashboard
      ? texts.successBody
      : `${newAccount ? 'Welcome to' : 'Welcome back to'} ${PRODUCT_NAME}! You are now being taken to the page you asked for.`,
  };
}
