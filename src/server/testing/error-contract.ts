import type { LightMyRequestResponse } from 'fastify';
import { isZodDefaultMessage } from '../plugins/validation-messages.js';

/**
 * What every refusal must look like (DEVELOPERS.md): a JSON `{error}` that is a sentence a person can read,
 * with nothing of the server's insides in it. Answers the problem, or undefined when the answer is fine.
 */
export function errorContractProblem(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  if (
    /\bat \S+ \(|\.(js|ts):\d+|node_modules|\/work\/|\bselect\b.*\bfrom\b|relation "|syntax error at/i.test(
      res.body,
    )
  ) {
    return `the answer shows the server's insides: ${res.body.slice(0, 300)}`;
  }
  // The dev provider's pages, robots.txt and the like answer HTML or text; only JSON answers are checked.
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  const { error } = res.json<{ error?: unknown }>();
  if (typeof error !== 'string') return `no {error} sentence: ${res.body.slice(0, 300)}`;
  // A sentence: it starts as one (or with the field it names: 'isWilling must be true or false'), and it
  // is not zod's developer wording (validation-messages.ts).
  if (!/^([A-Z0-9"'‘“(]|[a-z]+[A-Z]\w* )/.test(error) || isZodDefaultMessage(error)) {
    return `not a sentence: ${JSON.stringify(error)}`;
  }
  // A form shows each field's own error under the field: those are sentences too, never zod's wording
  // ('Invalid input: expected string, received null'; issue 46 item 9).
  const { fieldErrors } = res.json<{ fieldErrors?: Record<string, unknown> }>();
  for (const messages of Object.values(fieldErrors ?? {})) {
    for (const message of Array.isArray(messages) ? messages : [messages]) {
      if (typeof message !== 'string' || isZodDefaultMessage(message) || /\bnull\b/.test(message)) {
        return `a field error is not a sentence: ${JSON.stringify(message)}`;
      }
    }
  }
  return undefined;
}
