import { describe, expect, it } from 'vitest';
import { displayResumeFileName, inlineContentDisposition, looksLikePdf } from './resume-file.js';

describe('looksLikePdf', () => {
  it('accepts content starting with %PDF- only', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.7\n...'))).toBe(true);
    expect(looksLikePdf(Buffer.from('%PDF'))).toBe(false);
    expect(looksLikePdf(Buffer.from(' %PDF-1.7'))).toBe(false);
    expect(looksLikePdf(Buffer.alloc(0))).toBe(false);
  });
});

describe('displayResumeFileName', () => {
  it.each([
    ['resume.pdf', 'resume.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\CV.PDF', 'CV.pdf'],
    ['notes.txt', 'notes.txt.pdf'],
    ['cv', 'cv.pdf'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['bad\u0000na\u001bme\u007f.pdf', 'badname.pdf'],
    ['line\r\nbreak.pdf', 'linebreak.pdf'],
    ['..', 'resume.pdf'],
    ['dir/', 'resume.pdf'],
    ['.pdf', 'resume.pdf'],
    ['', 'resume.pdf'],
    [undefined, 'resume.pdf'],
    ['Résumé – José.pdf', 'Résumé – José.pdf'],
  ])('%j is shown as %j', (input, expected) => {
    expect(displayResumeFileName(input)).toBe(expected);
  });

  it('keeps at most 200 characters, ending in .pdf, without splitting a character', () => {
    expect(displayResumeFileName(`${'a'.repeat(500)}.pdf`)).toBe(`${'a'.repeat(196)}.pdf`);
    const emoji = displayResumeFileName('😀'.repeat(150));
    expect(emoji.length).toBeLessThanOrEqual(200);
    expect(emoji.endsWith('.pdf')).toBe(true);
    expect(emoji.slice(0, -4)).toBe('😀'.repeat(98));
  });
});

describe('inlineContentDisposition', () => {
  it('gives an ASCII-only quoted name and the exact name encoded as UTF-8', () => {
    expect(inlineContentDisposition('My CV.pdf')).toBe(
      `inline; filename="My CV.pdf"; filename*=UTF-8''My%20CV.pdf`,
    );
    expect(inlineContentDisposition('a"b\\c.pdf')).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
    expect(inlineContentDisposition("O'Neil (final)*.pdf")).toBe(
      `inline; filename="O'Neil (final)*.pdf"; filename*=UTF-8''O%27Neil%20%28final%29%2A.pdf`,
    );
    expect(inlineContentDisposition('José.pdf')).toBe(
      `inline; filename="Jos_.pdf"; filename*=UTF-8''Jos%C3%A9.pdf`,
    );
  });
});
