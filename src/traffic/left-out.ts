/** An exchange (or a webhook) that made no interaction of the contract, and why: listed beside the pact. */
export interface LeftOut {
  requestId: string;
  what: string;
  why: string;
}
