import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('reads the name a Content-Disposition gives', () => {
    expect(fileNameOf('attachment; filename="extraction-ex_1.csv"', 'x')).toBe('extraction-ex_1.csv');
    expect(fileNameOf('attachment; filename=report.pdf', 'x')).toBe('report.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''caf%C3%A9.xlsx", 'x')).toBe('café.xlsx');
  });
  it('falls back, and never keeps a path', () => {
    expect(fileNameOf(null, 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameOf('attachment', 'fallback.csv')).toBe('fallback.csv');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x')).toBe('.._.._etc_passwd');
  });
});
