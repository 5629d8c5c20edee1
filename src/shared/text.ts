import { z } from 'zod';

/** A NUL byte, or half of a surrogate pair on its own: neither can be stored as text in PostgreSQL/UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

export const notAllowedMessage = (field: string) => `${field} contains characters that are not allowed.`;

/** The rules every text field shares. `field` names it in the sentences ('Company name'). */
export interface TextRules {
  field: string;
  max: number;
  /** Defaults to '<field> is required'. */
  requiredMessage?: string;
}

const maxMessage = ({ field, max }: TextRules) => `${field} must be at most ${max} characters`;

/** Trimmed, non-blank, at most `max` characters, no NUL or lone surrogate. */
export function requiredTextSchema(rules: TextRules) {
  const required = rules.requiredMessage ?? `${rules.field} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(rules.max, maxMessage(rules))
    .refine((v) => !hasForbiddenCharacters(v), notAllowedMessage(rules.field));
}

/** Trimmed; missing, null or blank become null. Same length and character rules as requiredTextSchema. */
export function optionalTextSchema(rules: Omit<TextRules, 'requiredMessage'>) {
  return z
    .string()
    .trim()
    .max(rules.max, maxMessage(rules))
    .refine((v) => !hasForbiddenCharacters(v), notAllowedMessage(rules.field))
    .nullish()
    .transform((v) => (v ? v : null));
}
