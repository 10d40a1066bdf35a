import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { cardNumberLength } from '../../src/rules/card-number.ts';
import { privateChatMaxLength, roomChatMaxLength } from '../../src/rules/chat-lengths.ts';
import { accountPasswordLength, paymentPasswordLength } from '../../src/rules/password-rules.ts';
import { roomPlacardMaxLength, roomTitleMaxLength } from '../../src/rules/room-info-lengths.ts';
import { contractPath } from './contract.ts';

// The rules both sides import (src/rules) and the contract state the same lengths: the browser, the server and
// every other client of openapi.yaml refuse the same texts.

interface Schema {
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
}
interface Parameter {
  name: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const contract = load(readFileSync(contractPath, 'utf8')) as OpenApi;
const schemas = contract.components.schemas;

function lengthOf(schema: Schema | undefined): { min: number | undefined; max: number | undefined } {
  if (!schema) throw new Error('no such schema in openapi.yaml');
  return { min: schema.minLength, max: schema.maxLength };
}

/** A field of an operation: a query parameter, or a property of its body. */
function field(path: string, name: string): Schema | undefined {
  const operation = Object.values(contract.paths[path] ?? {})[0];
  const parameter = operation?.parameters?.find((candidate) => candidate.name === name);
  if (parameter) return parameter.schema;
  const body = Object.values(operation?.requestBody?.content ?? {})[0];
  return body?.schema.properties?.[name];
}

describe('the shared rules and the contract', () => {
  it('take the same login and payment password lengths', () => {
    expect(lengthOf(schemas.AccountPassword)).toEqual(accountPasswordLength);
    expect(lengthOf(schemas.PaymentPassword)).toEqual(paymentPasswordLength);
  });

  it('take the same bank card number length', () => {
    expect(lengthOf(field('/api/Bank_card/bind', 'card_number'))).toEqual(cardNumberLength);
  });

  it('take the same chat text length, the room chat a shorter one', () => {
    expect(lengthOf(schemas.ImTextPayload?.properties?.text).max).toBe(privateChatMaxLength);
    expect(roomChatMaxLength).toBeLessThanOrEqual(privateChatMaxLength);
  });

  it("take the same lengths of a room's title and announcement wherever the contract states them", () => {
    for (const path of ['/api/Live/setLiveInfo', '/api/Live/mobileStartRoom']) expect(lengthOf(field(path, 'title')).max).toBe(roomTitleMaxLength);
    for (const path of ['/api/Live/setLiveInfo', '/api/Live/setPlacard']) expect(lengthOf(field(path, 'placard')).max).toBe(roomPlacardMaxLength);
    expect(lengthOf(schemas.LiveRoom?.properties?.placard).max).toBe(roomPlacardMaxLength);
    expect(lengthOf(schemas.LivePlacard?.properties?.placard).max).toBe(roomPlacardMaxLength);
  });
});
