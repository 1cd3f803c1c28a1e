/*
 * Starts Swagger UI on the mock's two documents (see src/pages/docs/docs-pages.ts for what the server sends).
 * "Authorize" is ready from the start: the default client's published credentials fill the HTTP Basic scheme,
 * which the token operation accepts, and the access token that operation (or refresh) answers fills the bearer
 * scheme, so the next "Try it out" of any other operation is authenticated.
 */
/* global SwaggerUIBundle, SwaggerUIStandalonePreset */
'use strict';

const TOKEN_PATH = /\/auth\/token(\/refresh)?$/;

async function startDocs() {
  const config = await (await fetch('swagger-config.json')).json();
  const prefill = () => {
    if (config.credentials && config.basicScheme) {
      window.ui.preauthorizeBasic(config.basicScheme, config.credentials.clientId, config.credentials.clientSecret);
    }
  };
  const keepAccessToken = (response) => {
    const token = response.ok && TOKEN_PATH.test(new URL(response.url).pathname) ? response.body?.data?.access_token : undefined;
    // An http bearer scheme is filled like an API key: its value is the bare token.
    if (token && config.bearerScheme) window.ui.preauthorizeApiKey(config.bearerScheme, token);
    return response;
  };
  window.ui = SwaggerUIBundle({
    dom_id: '#swagger-ui',
    urls: config.urls,
    'urls.primaryName': config.primaryName,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
    deepLinking: true,
    // The default sends every document to validator.swagger.io: nothing leaves the machine.
    validatorUrl: null,
    onComplete: prefill,
    responseInterceptor: keepAccessToken,
  });
}

startDocs();
