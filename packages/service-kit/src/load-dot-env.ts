/**
 * Loads `.env` from the working directory into `process.env` when there is one, so a developer's
 * settings (a port, a database, engine keys) need not be exported in every shell. Variables already
 * set win over the file's. Node reads the file itself (`process.loadEnvFile`, from Node 20.12).
 */
import { existsSync } from 'node:fs';

export function loadDotEnv(warn: (line: string) => void = console.error): void {
  if (!existsSync('.env')) return;
  if (typeof process.loadEnvFile !== 'function') {
    warn(`Ignoring .env: reading it needs Node.js 20.12 or newer (this is ${process.version}).`);
    return;
  }
  process.loadEnvFile('.env');
}
