import { describe, expect, it } from 'vitest';
import { parseCorsOrigins } from '../src/cors-origins.js';

describe('parseCorsOrigins', () => {
  it('reads any origin, or a comma-separated list as browsers send them', () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(parseCorsOrigins(' http://localhost:5173/ , https://App.example.com ')).toEqual([
      'http://localhost:5173',
      'https://app.example.com',
    ]);
    expect(parseCorsOrigins('http://localhost:5173,*')).toBe('*');
  });

  it('refuses what is not an origin, saying what to write', () => {
    for (const bad of ['localhost:5173', 'http://localhost:5173/app', 'ftp://files.example', 'example.com'])
      expect(() => parseCorsOrigins(bad), bad).toThrow(/not an origin: write scheme:\/\/host\[:port\]/);
  });
});
