/** W3C Trace Context as headers: what a request's span hands on to the webhooks of the change it makes. */
export interface TraceHeaders {
  traceparent: string;
  /** Vendors' state, carried as it came when the shop sent one. */
  tracestate?: string;
}
