import type { DeprecationTable } from '../src/deprecation.js';

export function deprecationTable(document: object): DeprecationTable;
