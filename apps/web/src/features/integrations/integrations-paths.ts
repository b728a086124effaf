/** The integrations screen (docs/integrations.md "The screen"). */
export const INTEGRATIONS_WEB_PATH = '/integrations';

/** Where the integration API is documented (its OpenAPI document, served by the server). */
export const API_DOCS_PATH = '/docs/api';
