import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

let ajv: Ajv | undefined;

/**
 * Fastify's validator compiler for the few routes that declare a Fastify schema (the development routes; the
 * contract's calls are validated by server/contract), compiling each schema on its route's first call. Fastify's
 * own made Ajv and compiled its meta-schema while the site started, 0.1 s of the start for routes a developer may
 * never call. The Ajv options are Fastify's defaults.
 */
export const lazyValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  let validate: ValidateFunction | undefined;
  const check = (data: unknown): boolean => {
    validate ??= (ajv ??= new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false })).compile(
      schema as object,
    );
    const valid = validate(data);
    // Fastify reads a refusal's reasons from the function it was given.
    check.errors = validate.errors;
    return valid;
  };
  check.errors = undefined as ValidateFunction['errors'];
  return check;
};
