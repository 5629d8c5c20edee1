/**
 * Issue 25 item 6: does a request's message or a thread message offer (or ask for) money for the referral?
 * Such a message is held for an admin instead of reaching anyone. A small rule set, each rule named so the
 * admin queue can say why; a false positive costs a review, a false negative a paid referral
 * (docs/decisions/038-payment-offers.md).
 *
 * Naming a team, a role or a product never counts: 'the payments team', 'payment systems', 'pay it
 * forward', 'I worked at PayPal'.
 *
 * Before the rules read a text it is normalised, so the usual disguises read plainly: Unicode NFKC
 * ('ＰａｙＰａｌ'), invisible characters dropped ('Pay\u200bPal', 'Pay\u00adPal'), and letters that look
 * like Latin ones folded to them with the `confusables` package's list (Cyrillic 'р' and 'а' in 'рaypal').
 */
import { confusablesMap } from 'confusables';
import type { PaymentRule } from './payment-rules.js';

const CURRENCY_WORD = String.raw`(?:usd|eur|gbp|inr|dollars?|bucks|euros?|pounds|rupees|rs\.?|lakhs?)`;
/** Money written out: 'three hundred dollars', 'a few hundred bucks', 'two grand'. */
const NUMBER_WORD = String.raw`(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|few|couple(?: of)?|several)`;
const WORD_AMOUNT = String.raw`\b(?:${NUMBER_WORD}[\s-]+(?:and\s+)?){1,4}(?:${CURRENCY_WORD}|grand)(?![a-z])`;
const AMOUNT = String.raw`(?:[$€£₹¥]\s?\d[\d,.]*\s?k?|\b\d[\d,.]*\s?k?\s?(?:[$€£₹¥]|${CURRENCY_WORD}(?![a-z]))|\b(?:usd|eur|gbp|inr|rs\.?|rupees)\s?\d[\d,.]*\s?k?|${WORD_AMOUNT})`;

/** A payment app named as a way to pay: not after 'worked at', not before 'team' or 'integration'. */
const PAYMENT_APPS = String.raw`(?:pay[\s.-]?pal|venmo|zelle|cash\s?app|upi|gpay|google pay|apple pay|paytm|phonepe|bhim|alipay|wechat pay|revolut|skrill|payoneer|interac|e-?transfer|m-?pesa|western union|moneygram|wire transfer|bank transfer|crypto(?:currency)?|bitcoin|btc|ethereum|usdt|usdc|tether|litecoin|dogecoin|monero|solana|binance|gift\s?card|amazon voucher)`;
const EMPLOYMENT_BEFORE = String.raw`(?:at|for|from|joined|join|joining|with|of|on the)\s+$`;
const PRODUCT_AFTER = String.raw`^(?:'s)?\s+(?:team|teams|engineering|engineer|integration|checkout|api|sdk|product|platform|app team|codebase|account team|fraud)`;

/** 'the fee structure of card networks': fees as what someone works on, not a price asked. */
const FEE_AS_A_SUBJECT = String.raw`(?:structures?|schedules?|models?|income|revenue|reductions?|engines?|calculations?|systems?|waivers?|logic|tables?|data|analytics|rates?|pricing|disputes?|billing)\b`;

const RULES: readonly { rule: PaymentRule; test: (text: string) => boolean }[] = [
  { rule: 'payment-app', test: namesPaymentApp },
  {
    rule: 'pay-verb',
    test: (t) =>
      /\b(?:i|we)(?:'ll| will| would| can| could| am happy to|'m happy to| am willing to|'m willing to| shall)?\s+pay\b(?!\s+it\s+forward)/.test(
        t,
      ) ||
      /\bpay(?:ing)? you\b/.test(t) ||
      /\bpay(?:ing)? for (?:the|a|this|your|my) referral\b/.test(t) ||
      /\bpaid referral\b/.test(t) ||
      /\bname your price\b/.test(t),
  },
  {
    rule: 'fee',
    test: (t) =>
      new RegExp(String.raw`\bfee\b(?!\s+${FEE_AS_A_SUBJECT})`).test(t) ||
      /\b(?:referral|finder'?s?|your) fees\b/.test(t),
  },
  {
    rule: 'bonus-share',
    test: (t) =>
      /\b(?:split|share|halve|divide)\s+(?:the|your|my|our)?\s*(?:referral\s+)?bonus\b/.test(t) ||
      /\bhalf (?:of )?(?:the|your|my)\s+(?:referral\s+)?bonus\b/.test(t) ||
      /\bbonus\b.{0,30}\b(?:split|share it|with you|50\/50|fifty)\b/.test(t),
  },
  {
    rule: 'compensation',
    test: (t) =>
      /\b(?:compensate|reward|tip)\s+you\b/.test(t) ||
      /\b(?:commission|kickback|bribe)\b/.test(t) ||
      /\bbank (?:details|account)\b/.test(t),
  },
  {
    rule: 'money-offer',
    test: (t) =>
      new RegExp(AMOUNT).test(t) &&
      /\b(?:pay|give|send|offer(?:ing)?|transfer|tip|reward|thank(?:s| you)?|gift|for you|to you|if you|as a thank|for (?:the|a|this|your|my) referral|per referral|refer me)\b/.test(
        t,
      ),
  },
  {
    // A price on the referral itself, either way round: 'For $200 I can refer you', 'I'll refer you for $200'.
    rule: 'money-offer',
    test: (t) =>
      new RegExp(String.raw`\bfor ${AMOUNT}[^.!?]{0,40}\brefer|\brefer\w*[^.!?]{0,40}\bfor ${AMOUNT}`).test(
        t,
      ),
  },
  {
    // 'Rs 5000' and nothing else: an amount with at most a couple of words around it.
    rule: 'amount-only',
    test: (t) => new RegExp(`^\\W*${AMOUNT}\\W*(?:\\w+\\W*){0,2}$`).test(t),
  },
];

function namesPaymentApp(text: string): boolean {
  const apps = new RegExp(`\\b${PAYMENT_APPS}\\b`, 'g');
  for (const match of text.matchAll(apps)) {
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30);
    const employment =
      new RegExp(EMPLOYMENT_BEFORE).test(before) && !/\b(?:pay|paid|send|sent)\b[^.]*$/.test(before);
    if (employment || new RegExp(PRODUCT_AFTER).test(after)) continue;
    return true;
  }
  return false;
}

/** Invisible characters a word can hide behind: zero-width spaces and joiners, the soft hyphen, marks. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * What the rules read: NFKC, nothing invisible, look-alike letters folded to Latin, lower case, one space,
 * the usual apostrophe. Only letters are folded: the list would read '€' and '£' as 'E'.
 */
export function normaliseForRules(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/\p{L}/gu, (letter) => confusablesMap.get(letter) ?? letter)
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first rule the text breaks, or null when it offers no money. */
export function paymentOfferRule(text: string): PaymentRule | null {
  const t = normaliseForRules(text);
  if (t === '') return null;
  return RULES.find(({ test }) => test(t))?.rule ?? null;
}

export function offersPayment(text: string): boolean {
  return paymentOfferRule(text) !== null;
}
