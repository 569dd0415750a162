import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo-rules.ts';

describe('photoProblem', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: 1 })).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(photoProblem({ type: 'image/gif', size: 1 })).toBe('Upload a JPEG, PNG or WebP image.');
    expect(photoProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toMatch(/larger than 5 MB/);
  });
});
