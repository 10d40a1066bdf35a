import { loadContract } from '../../server/contract/contract.ts';

const contract = loadContract();

/** What keeps `data` from being a `schema` of openapi.yaml, one line an error; empty when it is one. */
export function schemaErrors(schema: string, data: unknown): string[] {
  const validate = contract.validatorFor(schema);
  return validate(data) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}
