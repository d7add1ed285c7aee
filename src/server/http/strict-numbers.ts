import type { FastifyRequest } from 'fastify';

type Schema = { type?: string | string[]; pattern?: string; anyOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema };

const isNumeric = (s: Schema) => s.type === 'integer' || s.type === 'number';
/** Written the one plain way: digits, an optional minus, and for a non-integer a decimal part. */
const PLAIN_INTEGER = /^-?\d+$/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The validator coerces what it is given to the declared type (coerceTypes, needed because a query
 * string carries only text), and its coercion is JavaScript's: "1e3", "0x10", " 1" and `true` all
 * became numbers. A number field therefore takes only a plain decimal: in a query string or route
 * parameter a string of digits, in a JSON body a JSON number. A field whose schema also allows a
 * string (the SPEC's '1' flags) is left to that string's own pattern. Checked on the raw input,
 * before the validator coerces it; `where` is false when the value is not a number field.
 */
export function looseNumberAt(schema: Schema | undefined, value: unknown, fromText: boolean, at = ''): string | false {
  if (!schema || value === undefined) return false;
  if (schema.anyOf) {
    if (!schema.anyOf.every(isNumeric)) {
      // A string in a number-or-string union must be one the string alternative's pattern takes:
      // the validator would otherwise coerce " 1" through the number alternative. Without a
      // pattern the string alternative is free text and takes it anyway.
      const text = schema.anyOf.find((s) => s.type === 'string');
      if (typeof value === 'string' && text?.pattern && !new RegExp(text.pattern, 'u').test(value)) return at;
      return false;
    }
    return looseNumberAt({ type: schema.anyOf.some((s) => s.type === 'number') ? 'number' : 'integer' }, value, fromText, at);
  }
  if (isNumeric(schema)) {
    const plain = schema.type === 'integer' ? PLAIN_INTEGER : PLAIN_DECIMAL;
    const values = fromText && Array.isArray(value) ? value : [value];
    const ok = values.every((v) => (typeof v === 'number' ? true : fromText && typeof v === 'string' && plain.test(v)));
    return ok ? false : at;
  }
  if (schema.properties && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, s] of Object.entries(schema.properties)) {
      const bad = looseNumberAt(s, (value as Record<string, unknown>)[k], fromText, at ? `${at}.${k}` : k);
      if (bad !== false) return bad;
    }
  }
  if (schema.items && Array.isArray(value)) {
    for (const v of value) {
      const bad = looseNumberAt(schema.items, v, fromText, `${at}[]`);
      if (bad !== false) return bad;
    }
  }
  return false;
}

/** The first number field of the request written other than as a plain decimal, or false. */
export function looseNumberIn(request: FastifyRequest): string | false {
  const schema = request.routeOptions.schema as { body?: Schema; querystring?: Schema; params?: Schema } | undefined;
  if (!schema) return false;
  // A multipart body is not the JSON the body schema describes (uploads declare none).
  const jsonBody = !request.isMultipart?.();
  return (
    looseNumberAt(schema.querystring, request.query, true) ||
    looseNumberAt(schema.params, request.params, true) ||
    (jsonBody && looseNumberAt(schema.body, request.body, false))
  );
}
