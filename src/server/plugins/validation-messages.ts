/**
 * Zod's own messages ('Invalid input: expected object, received string', 'Too small: expected string to
 * have >=2 characters') are for developers. Our schemas name their fields in sentences; where a schema says
 * nothing of its own, the answer gets a sentence made here, naming the field and what it should be.
 */

const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Invalid (string|number|type|format|element|key|union|date|email address|URL|UUID)|Too (small|big)|Unrecognized keys?)\b/;

/** Whether a message is zod's default wording rather than one of our schemas' sentences. */
export function isZodDefaultMessage(message: string): boolean {
  return ZOD_DEFAULT.test(message);
}

function what(detail: string): string {
  const expected = /expected (\w+)/.exec(detail)?.[1];
  const limit = /([<>]=?)\s*(\d+)\s*(\w+)?/.exec(detail);
  if (/^Too small/.test(detail) && limit) {
    return limit[3] ? `must have at least ${limit[2]} ${limit[3]}` : `must be at least ${limit[2]}`;
  }
  if (/^Too big/.test(detail) && limit) {
    return limit[3] ? `must have at most ${limit[2]} ${limit[3]}` : `must be at most ${limit[2]}`;
  }
  if (expected === 'object') return 'must be a JSON object';
  if (expected === 'array') return 'must be a list';
  if (expected === 'int') return 'must be a whole number';
  if (expected === 'string' || expected === 'number' || expected === 'boolean')
    return `must be a ${expected}`;
  if (/^Invalid (option|input: expected ")/.test(detail)) return 'is not one of the allowed values';
  return 'is not valid';
}

/**
 * The sentence for one validation issue: ours as it is, zod's turned into 'companyName must be a string.'.
 * `field` is the path ('' for the whole body); `part` is body, querystring or params.
 */
export function validationSentence(message: string, field: string, part = 'body'): string {
  if (!isZodDefaultMessage(message)) return message;
  const unknownKeys = /^Unrecognized keys?: (.*)$/.exec(message)?.[1];
  const subject =
    field !== ''
      ? `The field '${field}'`
      : part === 'querystring'
        ? 'The query string'
        : part === 'params'
          ? 'The address'
          : 'The request body';
  if (unknownKeys) return `${subject} has a field it does not take: ${unknownKeys}.`;
  return `${subject} ${what(message)}.`;
}
