import { describe } from 'vitest';

import { itAnswers } from '#lib/cases.fixture.ts';

import { timeLeftText } from './session-time.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('timeLeftText', () => {
  itAnswers('%i ms left reads "%s"', timeLeftText, [
    // Just signed in: 4 h less the request's few milliseconds still reads '4 hours', the session's whole length.
    [4 * HOUR, '4 hours'],
    [4 * HOUR - 1500, '4 hours'],
    [4 * HOUR - MINUTE, '3 hours 59 minutes'],
    // 3 h 58 min 1 s: rounded up to the minute.
    [3 * HOUR + 58 * MINUTE + 1000, '3 hours 59 minutes'],
    [HOUR + MINUTE, '1 hour 1 minute'],
    [HOUR, '1 hour'],
    [59 * MINUTE + 1, '1 hour'],
    [5 * MINUTE, '5 minutes'],
    [MINUTE, '1 minute'],
    [59_999, 'less than a minute'],
    [1, 'less than a minute'],
    [0, 'no time'],
    [-MINUTE, 'no time'],
  ]);
});
