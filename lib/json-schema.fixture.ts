// Test helper only: a file the shop writes for a government portal or an accounts package, checked against the
// published format kept in tests/fixtures. Used by the unit tests beside it and the API tests.
import { readFileSync } from 'node:fs';

import { Ajv, type ValidateFunction } from 'ajv';

const validators = new Map<string, ValidateFunction>();

/** The schema's complaints about `data` ('/billLists/0/toPincode must be >= 100000'), empty when it conforms. */
export function schemaErrors(schemaFile: string, data: unknown): string[] {
  let validate = validators.get(schemaFile);
  if (!validate) {
    const schema = JSON.parse(readFileSync(new URL(`../tests/fixtures/${schemaFile}`, import.meta.url), 'utf8')) as object;
    // Amounts in rupees are binary fractions (42.5, 0.29): multipleOf 0.01 is checked to a millionth of a paisa.
    validate = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6 }).compile(schema);
    validators.set(schemaFile, validate);
  }
  return validate(data) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
