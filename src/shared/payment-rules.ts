/**
 * The names of the rules that hold a message offering money for a referral, and what each means to the
 * admin who reviews what it held. The rules themselves are in `payment-offer.ts`, which the web does not
 * load: only these names travel to the console.
 */

export const PAYMENT_RULES = [
  'payment-app',
  'pay-verb',
  'fee',
  'bonus-share',
  'money-offer',
  'amount-only',
  'compensation',
] as const;
export type PaymentRule = (typeof PAYMENT_RULES)[number];

/** What each rule means, for the admin who reviews what it held. */
export const PAYMENT_RULE_LABELS: Readonly<Record<PaymentRule, string>> = {
  'payment-app': 'Names a payment app or a transfer',
  'pay-verb': 'Offers to pay for the referral',
  fee: 'Mentions a fee',
  'bonus-share': 'Offers to share the referral bonus',
  'money-offer': 'Offers an amount of money',
  'amount-only': 'An amount of money and little else',
  compensation: 'Offers compensation, a commission or a reward',
};
