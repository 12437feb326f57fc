export { openapiDocument } from './generated/openapi-document.js';
export type { OpenApiDocument } from './openapi-document-type.js';
