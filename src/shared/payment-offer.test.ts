import { describe, expect, it } from 'vitest';
import { normaliseForRules, offersPayment, paymentOfferRule } from './payment-offer.js';
import { PAYMENT_RULE_LABELS, type PaymentRule } from './payment-rules.js';

/** Issue 25 item 6: fixed examples on both sides (docs/decisions/038-payment-offers.md). */
const HELD = [
  'I will pay $300',
  'PayPal',
  'Venmo',
  'fee',
  'split the bonus',
  'Rs 5000',
  'I will pay $300 for a referral.',
  'Can send you the money on PayPal after the interview.',
  'Happy to Venmo you for your time.',
  'I can pay a fee for this.',
  'We could split the bonus 50/50.',
  'Rs 5000 if you refer me.',
  'I will give you 200 USD.',
  "I'll share the referral bonus with you.",
  'Paid referral please, name your price.',
  'I can transfer it via UPI once you submit.',
  'Will send a €100 Amazon gift card.',
  'Offering £50 for your help.',
  'Zelle or Cash App, whichever you prefer.',
  'I can pay you after I get the offer.',
  'Let me compensate you for the referral.',
  'A small commission for you if I get hired.',
  'Send me your bank details and I will wire transfer it.',
  'I will tip you ₹2000.',
  'You can keep half the bonus when I join.',
  'Can pay in crypto (USDT).',
  '5k rupees for a referral',
  'INR 10,000 as a thank you.',
  'I’ll pay for the referral.',
  'Western Union works for me.',
  'Bonus is yours, we can split it.',
  'What is your finder’s fee?',
  'For $200 I can refer you today.',
  'I can refer you for $150, half now.',
  // Issue 46 item 6: disguised, written out, after the figure, other apps and coins.
  'I will p\u0430y $300',
  '\u0420\u0430yPal works',
  'Pay\u200bPal',
  'Pay\u00adPal after the interview',
  'Ven\u200dmo me your handle',
  'ＰａｙＰａｌ',
  'Three hundred dollars for the referral.',
  'I can give you a few hundred bucks.',
  'Two grand if you refer me.',
  'Five thousand rupees as a thank you.',
  '300$ if you refer me',
  'I will send 300 € once hired.',
  '500€',
  'Revolut or Wise, your call.',
  'I can send it by Interac e-Transfer.',
  'Apple Pay works for me.',
  'Will send ETH? No, Ethereum or USDC.',
  'Happy to pay in Solana or Tether.',
  'Pay pal is fine',
];

const ORDINARY = [
  'Keen to join the payments team.',
  'I build payment systems today.',
  'Happy to pay it forward.',
  'I have 5 years of experience with Python.',
  'I led a team of 10 engineers at Acme.',
  'My current salary is $120k and I am flexible.',
  'I worked at PayPal for three years.',
  'I built the Venmo checkout integration at my last job.',
  'The role pays well and the team is great.',
  'Thanks for your time, I really appreciate it.',
  'I can start in 2 weeks and relocate to Berlin.',
  'Our product reduced fees for merchants by 30%.',
  'I referred 3 friends to my current company.',
  'I am applying for the Senior Payments Engineer role.',
  'My GPA was 3.8 and I graduated in 2020.',
  'Looking for a referral for the Bonus Program Manager role.',
  'I can share my portfolio and GitHub.',
  'I increased revenue by $2M at my last startup.',
  'Open to a compensation discussion with the recruiter.',
  'I have worked on cash management systems.',
  'I spent two years on the fraud team at Zelle.',
  'Saved the team $40k a year in cloud costs.',
  'Happy to refer you for the $180k role on my team.',
  'I was referred for a $150k job last year.',
  // Issue 46 item 6: ordinary figures and words around fees stay out.
  'I reduced cloud costs by $300k',
  'I know the fee structure of card networks',
  'I rebuilt the fee calculation engine for merchants.',
  'Our team cut cloud spend by 300k dollars.',
  'I studied at ETH Zürich and worked in Zürich.',
  'Three hundred engineers use the tool I built.',
  'Résumé attached; I can start in two weeks.',
  'I worked at Revolut on the payments platform.',
  'I led the Alipay integration at my last job.',
  '',
];

describe('payment offers', () => {
  it.each(HELD)('holds %j', (text) => {
    expect(offersPayment(text)).toBe(true);
  });

  it.each(ORDINARY)('lets %j through', (text) => {
    expect(paymentOfferRule(text)).toBeNull();
  });

  it('has at least 20 examples on each side', () => {
    expect(HELD.length).toBeGreaterThanOrEqual(20);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(20);
  });

  it('names the rule, so the admin queue can say why', () => {
    expect(paymentOfferRule('Via PayPal please')).toBe('payment-app');
    expect(paymentOfferRule('I will pay you')).toBe('pay-verb');
    expect(paymentOfferRule('Split the bonus?')).toBe('bonus-share');
    expect(paymentOfferRule('Rs 5000')).toBe('amount-only');
    expect(paymentOfferRule('Offering £50 for your help.')).toBe('money-offer');
  });
});

/**
 * Each rule on its own: a sentence only that rule (or only that part of it) holds, so a rule that stops
 * working is seen even where another rule would catch the broader examples above.
 */
const BY_RULE: [string, PaymentRule | null][] = [
  ['I will pay', 'pay-verb'],
  ['I pay for referrals', 'pay-verb'],
  ["I'm happy to pay", 'pay-verb'],
  ['I’m willing to pay', 'pay-verb'],
  ['I will pay it forward.', null],
  ['Happy to pay you.', 'pay-verb'],
  ['Happy to pay for the referral.', 'pay-verb'],
  ['Finders fees apply.', 'fee'],
  ['A finder fees deal', 'fee'],
  ['Happy to split bonus.', 'bonus-share'],
  ['Split the referral bonus.', 'bonus-share'],
  ['Keep half the referral bonus.', 'bonus-share'],
  // Spaces are made single before the rules read the text.
  ['You can keep half  the bonus.', 'bonus-share'],
  ['Let me tip you.', 'compensation'],
  ['No commission.', 'compensation'],
  ['Share your bank account.', 'compensation'],
  ['I offer $50.', 'money-offer'],
  ['A $50 thank-you.', 'money-offer'],
  ['For $200 I will refer you', 'money-offer'],
  ['rs 500 only', 'amount-only'],
  ['I will send it from PayPal.', 'payment-app'],
  ['Fee?', 'fee'],
  ['The fee structure is standard.', null],
  ['I give you three hundred dollars', 'money-offer'],
  ['three hundred dollars', 'amount-only'],
  ['300$', 'amount-only'],
  ['Send via Payoneer.', 'payment-app'],
  // A team or a product after the name, an employer before it (unless a payment word is there too).
  ['I lead the Venmo team.', null],
  ['I led Venmo’s API team.', null],
  ['I got paid. Then I worked at PayPal.', null],
];

/** The look-alikes a probe used: Cyrillic letters that read as Latin ones. */
const CYRILLIC: Record<string, string> = { a: 'а', c: 'с', e: 'е', o: 'о', p: 'р', x: 'х', y: 'у' };

describe('disguises read plainly (issue 46 item 6)', () => {
  it('normalises width, invisible characters, look-alike letters, case and spaces', () => {
    expect(normaliseForRules('ＰａｙＰａｌ')).toBe('paypal');
    expect(normaliseForRules('Pay\u200bPal\u00ad \u2060Ven\ufeffmo')).toBe('paypal venmo');
    expect(normaliseForRules('\u0420\u0430\u0443\u0420\u0430l')).toBe('paypal');
    expect(normaliseForRules('Zürich  café')).toBe('zurich cafe');
    // Currency signs are not letters: '€' stays '€', never 'E'.
    expect(normaliseForRules('€100 £50 ₹2000')).toBe('€100 £50 ₹2000');
  });

  it.each(HELD)('still holds %j with a zero-width space after every character', (text) => {
    expect(offersPayment([...text].join('\u200b'))).toBe(true);
  });

  it.each(HELD)('still holds %j with Cyrillic look-alikes for Latin letters', (text) => {
    expect(offersPayment(text.replace(/[aceopxy]/g, (ch) => CYRILLIC[ch] ?? ch))).toBe(true);
  });
});

describe('each rule', () => {
  it.each(BY_RULE)('%j is %j', (text, rule) => {
    expect(paymentOfferRule(text)).toBe(rule);
    expect(offersPayment(text)).toBe(rule !== null);
  });

  it('says what each rule means to the admin who reviews it', () => {
    expect(PAYMENT_RULE_LABELS).toEqual({
      'payment-app': 'Names a payment app or a transfer',
      'pay-verb': 'Offers to pay for the referral',
      fee: 'Mentions a fee',
      'bonus-share': 'Offers to share the referral bonus',
      'money-offer': 'Offers an amount of money',
      'amount-only': 'An amount of money and little else',
      compensation: 'Offers compensation, a commission or a reward',
    });
  });
});
