/** The procedures' input parsers, compiled once from the contract the types package carries. */
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { createInputParsers } from '../contract/input-parsers.js';

export const inputs = createInputParsers(openapiDocument);
