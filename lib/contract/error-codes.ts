// The closed map of error codes to HTTP statuses, shared by the service (which throws them) and
// the console (which maps them to messages). v3 answers {error: {code, message}}; v1 and v2
// answer {error: message} with the same status (docs/decisions.md).
export const ERROR_STATUS = {
  // spec section 7 (v3)
  invalid_body: 400,
  invalid_document: 400,
  profile_required: 400,
  invalid_callback: 400,
  invalid_deadline: 400,
  invalid_idempotency_key: 400,
  invalid_cursor: 400,
  invalid_limit: 400,
  invalid_from: 400,
  invalid_to: 400,
  invalid_date_range: 400,
  invalid_entity: 400,
  batch_empty: 400,
  contract_required: 402,
  action_not_contracted: 402,
  profile_not_found: 404,
  not_found: 404,
  module_not_found: 404,
  module_not_ready: 409,
  batch_too_large: 413,
  module_not_in_profile: 422,
  profile_entity_mismatch: 422,
  profile_kind_mismatch: 422,
  profile_misconfigured: 422,
  profile_not_billable: 422,
  idempotency_key_reused: 422,
  internal_error: 500,
  profiles_unavailable: 503,
  billing_unavailable: 503,
  idempotency_retry: 503,
  // statuses the spec gives without a code; ours, stable
  unauthorized: 401,
  forbidden: 403,
  rate_limited: 429,
  metadata_too_large: 413,
  // v1 / v2 (message-only envelope)
  invalid_request: 400,
  invalid_parameter: 400,
  route_not_found: 404,
  conflict: 409,
  too_many_attempts: 429,
  sign_in_busy: 503,
  service_busy: 503,
  // review API (/api/review/v1, v3 envelope; docs/decisions.md "Review API")
  invalid_assignee: 422,
  reason_required: 400,
  reason_not_in_catalog: 400,
  flags_not_acknowledged: 400,
  awaiting_second_review: 409,
  no_pending_proposal: 409,
  note_not_editable: 409,
  // rules (issue 31; docs/rules.md)
  invalid_ruleset: 400,
  same_person: 403,
  not_draft: 409,
  not_published: 409,
  note_limit_reached: 409,
  view_limit_reached: 409,
  cross_site_request: 403,
  alert_resolved: 409,
  // login único (SSO, issue 34 item 1; docs/security.md "Login único (SSO)")
  invalid_sso_issuer: 400,
  invalid_sso_domains: 400,
  invalid_sso_mapping: 400,
  sso_domain_taken: 409,
  sso_not_available: 404,
  sso_state_invalid: 400,
  sso_provider_error: 502,
  sso_token_invalid: 401,
  sso_email_unverified: 403,
  sso_domain_not_allowed: 403,
  sso_no_role: 403,
  sso_account_conflict: 409,
  sso_user_disabled: 403,
  // SSO's MFA requirement (issue 34 item 2; docs/security.md "Login único (SSO)")
  invalid_sso_mfa: 400,
  sso_mfa_required: 403,
  // api keys (issue 34; docs/security.md "API keys")
  api_key_limit_reached: 409,
  api_key_revoked: 409,
  // the investigation graph (issue 33; docs/graph.md)
  snapshot_too_large: 413,
  snapshot_limit_reached: 409,
  // webhooks (issue 35; docs/webhooks.md)
  invalid_webhook_url: 400,
  unknown_webhook_event: 400,
  webhook_limit_reached: 409,
  delivery_pending: 409,
  replay_too_large: 400,
  // second factor and step-up (issue 34; docs/security.md)
  reauthentication_required: 401,
  second_factor_required: 401,
  invalid_code: 400,
  invalid_password: 400,
  factor_exists: 409,
  no_factor: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
