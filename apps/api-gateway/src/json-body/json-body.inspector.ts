import { ErrorCode } from '@sdd/contracts';
import { AppError, isWellFormedText, printableText } from '@sdd/common';

/**
 * How deep a request body may nest (the root object or array is level 1).
 * The deepest body the API takes today has 2 (an address, a customer or
 * metadata inside the body); 32 leaves room for every client and future
 * field while keeping the recursive code behind the parser
 * (class-transformer, class-validator) far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

export type BodyProblem = { kind: 'too_deep' } | { kind: 'ill_formed_text'; param: string };

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

const join = (path: string, segment: string) => (path ? `${path}.${segment}` : segment);

/**
 * The first thing wrong with a parsed JSON body (an object's keys are looked at
 * before its values, values in document order): nesting
 * deeper than `maxDepth`, or a key or string value that is not well-formed
 * text (`param` is its dotted path, array indices included). Iterative, so a
 * body nested a million levels deep costs one pass and no stack.
 */
export function findBodyProblem(body: unknown, maxDepth = MAX_JSON_DEPTH): BodyProblem | undefined {
  const pending: Pending[] = [{ value: body, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return { kind: 'ill_formed_text', param: path };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > maxDepth) return { kind: 'too_deep' };
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    for (const [key] of entries) {
      if (!isWellFormedText(key)) return { kind: 'ill_formed_text', param: join(path, printableText(key)) };
    }
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index];
      pending.push({ value: child, path: join(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}

/** The 400 for a problem: `invalid_json` for nesting, `parameter_invalid` naming the text's path. */
export function bodyProblemError(problem: BodyProblem): AppError {
  if (problem.kind === 'too_deep') {
    return AppError.invalidRequest(ErrorCode.InvalidJson, `The request body must not be nested more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  const message = `Invalid ${problem.param}: must be well-formed Unicode text without NUL characters.`;
  return AppError.invalidRequest(ErrorCode.ParameterInvalid, message, problem.param);
}
