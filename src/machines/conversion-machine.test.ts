import { fromPromise } from 'xstate';
import { expect } from 'vitest';
import { conversionMachine, type ConversionOutcome } from './conversion-machine.ts';
import { describeModel } from './path-replay.ts';
import { describeCoverage } from './path-coverage.ts';

describeModel({
  name: 'conversion',
  machine: conversionMachine.provide({
    actors: { convert: fromPromise<ConversionOutcome, { tenths: number }>(() => new Promise(() => {})) },
  }),
  input: { incomeTenths: 100 },
  events: [
    { type: 'amount.change', tenths: 25 },
    { type: 'amount.change', tenths: 101 },
    { type: 'amount.change', tenths: null },
    { type: 'convert.request' },
    { type: 'convert.confirm' },
    { type: 'convert.cancel' },
    { type: 'convert.retry' },
    { type: 'convert.again' },
    { type: 'xstate.done.actor.convert', output: { incomeTenths: 75 } },
    { type: 'xstate.error.actor.convert', error: new Error('Insufficient balance') },
  ],
  // The simple paths over every event are thousands; these keep each state's ways in and out.
  simpleEvents: [
    { type: 'amount.change', tenths: 25 },
    { type: 'amount.change', tenths: 101 },
    { type: 'convert.request' },
    { type: 'convert.confirm' },
    { type: 'convert.retry' },
    { type: 'xstate.done.actor.convert', output: { incomeTenths: 75 } },
    { type: 'xstate.error.actor.convert', error: new Error('Insufficient balance') },
  ],
  delays: {},
  invariant: (snapshot) => {
    const { tenths, incomeTenths, problem } = snapshot.context;
    // SPEC §5: nothing converts without a confirmation of an amount the income wallet holds.
    if (snapshot.matches('confirming') || snapshot.matches('converting')) {
      expect(tenths).not.toBeNull();
      expect(tenths!).toBeGreaterThan(0);
    }
    if (snapshot.matches('converting')) expect(snapshot.hasTag('busy')).toBe(true);
    if (snapshot.matches('entering')) expect(snapshot.can({ type: 'convert.confirm' })).toBe(false);
    if (problem === 'tooMuch') expect(tenths!).toBeGreaterThan(incomeTenths);
    if (problem === 'empty') expect(tenths === null || tenths <= 0).toBe(true);
    if (snapshot.matches('done')) expect(incomeTenths).toBe(75);
    if (snapshot.matches('failed')) expect(snapshot.context.failure).toBe('Insufficient balance');
  },
});

describeCoverage(conversionMachine);
