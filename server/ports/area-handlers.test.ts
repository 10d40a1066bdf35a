import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaHandlerRecords } from '../app.ts';
import { composeAreaHandlers, defineAreaHandlers, operationsOf } from './area-handlers.ts';
import { loadContract } from '../contract/contract.ts';

const contract = loadContract();

/** Column 3 of spec/endpoints.tsv, by `METHOD path`. */
const specAreas = new Map(
  readFileSync(new URL('../../spec/endpoints.tsv', import.meta.url), 'utf8')
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [method, path, area] = line.split('\t');
      return [`${method!.toUpperCase()} ${path}`, area!] as const;
    }),
);

const handled = areaHandlerRecords.flatMap((record) => operationsOf(record).map((operationId) => ({ area: record.area, operationId })));

describe('area handler records', () => {
  it.each(handled)('$operationId is handled in $area, the area its contract tag names', ({ area, operationId }) => {
    const operation = contract.byId.get(operationId);
    expect(operation, `${operationId} is not in openapi.yaml`).toBeDefined();
    expect(operation!.area).toBe(area);
    const specArea = specAreas.get(`${operation!.method.toUpperCase()} ${operation!.path}`);
    // Calls the project added beyond the spec (x-beyond-spec) have no line in endpoints.tsv.
    if (specArea !== undefined) expect(specArea).toBe(area);
  });

  it('handles each operation once', () => {
    const ids = handled.map(({ operationId }) => operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(() => composeAreaHandlers(areaHandlerRecords)).not.toThrow();
  });

  it('refuses a composition that handles an operation twice', () => {
    const hot = () => Promise.resolve({ keywords: [], matches: [] });
    const records = [defineAreaHandlers('content', { universalGetHot: hot }), defineAreaHandlers('scores', { universalGetHot: hot })];
    expect(() => composeAreaHandlers(records)).toThrow('universalGetHot is handled twice: in content and in scores');
  });

  it('has a folder of server/areas for each record', () => {
    for (const record of areaHandlerRecords) {
      expect(readFileSync(new URL(`../areas/${record.area}/${record.area}-handlers.ts`, import.meta.url), 'utf8')).toContain(
        `defineAreaHandlers('${record.area}'`,
      );
    }
  });
});
