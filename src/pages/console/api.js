/**
 * The two things the console talks to: the admin API (`/__admin/…`, with the admin token when one was entered)
 * and, for the send panel, the mock's own API on the same origin.
 */
const TOKEN_KEY = 'commerce-mock.admin-token';

export const adminToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (value) => (value ? sessionStorage.setItem(TOKEN_KEY, value) : sessionStorage.removeItem(TOKEN_KEY)),
};

/** An admin answer other than 2xx, with the error body the admin API sends. */
export class AdminError extends Error {
  constructor(status, body) {
    const reason = body && typeof body === 'object' ? `${body.error}: ${body.message}` : String(body);
    super(status === 401 ? `${reason} (enter the admin token above)` : `${status} ${reason}`);
    this.status = status;
    this.body = body;
  }
}

async function readBody(response) {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `admin('POST', '/clock/advance', { seconds: 60 })` → the parsed body, or throws AdminError. */
export async function admin(method, path, body) {
  const headers = {};
  const token = adminToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`/__admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const payload = await readBody(response);
  if (!response.ok) {
    const refused = new AdminError(response.status, payload);
    // Sent with a token the user has replaced meanwhile: its refusal says nothing of the token now kept.
    refused.stale = response.status === 401 && adminToken.get() !== token;
    throw refused;
  }
  return payload;
}

/** One call to the mock's API as an integration makes it; any answer is returned, errors included. */
export async function callApi({ method, path, token, body, scenario }) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (scenario) headers['X-Mock-Scenario'] = scenario;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(path, { method, headers, body });
    return { status: response.status, body: await readBody(response) };
  } catch (error) {
    // A scenario may drop the connection (flaky-network): the browser sees a network error, not a status.
    return { status: 0, body: `no answer: ${error.message}` };
  }
}
