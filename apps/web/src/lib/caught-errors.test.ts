import { describe, expect, it } from 'vitest';
import { reportCaughtError, sendCaughtErrorsTo } from './caught-errors.ts';

describe('errors a page caught and showed (decision 052, issue 31)', () => {
  it('wait for error reporting to start, a few at most, then go to it as they come', () => {
    const early = Array.from({ length: 12 }, (_, index) => new Error(`early ${index}`));
    early.forEach(reportCaughtError);
    const sent: unknown[] = [];
    sendCaughtErrorsTo((error) => sent.push(error));
    // Ten kept: a page failing in a loop before the SDK loads does not grow memory without end.
    expect(sent).toEqual(early.slice(0, 10));
    const later = new Error('later');
    reportCaughtError(later);
    expect(sent.at(-1)).toBe(later);
  });
});
