package api

import (
	"github.com/spade-bpmn/spade/pkg/reprocess"
	"github.com/spade-bpmn/spade/pkg/versions"
)

// The answers below are the JSON bodies of routes that used to answer
// ad-hoc maps. Each handler builds one of these structs, and the OpenAPI
// document (openapi.go) is generated from the same structs, so the
// contract cannot drift from what the server writes. Struct tags beside
// `json` feed the document: `enum` (comma-separated values), `doc` (field
// description), `nullable` ("true": a slice or map that may be null),
// `required` ("true": a request field the server insists on) and `ref` (a
// raw JSON field holding that component).

// Health is GET /api/health: "ok" or "unavailable" per dependency (503
// when any is down).
type Health struct {
	Status   string `json:"status" enum:"ok,degraded"`
	Database string `json:"database" enum:"ok,unavailable"`
	Queue    string `json:"queue" enum:"ok,unavailable"`
	// Storage is left out when the server has no upload store.
	Storage  string `json:"storage,omitempty" enum:"ok,unavailable"`
	Provider string `json:"provider" doc:"name of the configured analysis provider"`
}

// GraphCheck is GET /api/check-graph/{id}.
type GraphCheck struct {
	Exists bool   `json:"exists" doc:"the BPMN diagram is stored and can be fetched"`
	Status string `json:"status" enum:"pending,building,completed,failed,none"`
}

// Deleted is the answer to DELETE /api/cached-analysis/{id}.
type Deleted struct {
	Success bool   `json:"success"`
	ID      string `json:"id"`
}

// Success is the answer of routes that only confirm.
type Success struct {
	Success bool `json:"success"`
}

// VersionList is GET /api/analyses/{id}/versions, oldest first.
type VersionList struct {
	Versions []versions.Info `json:"versions"`
	Latest   int             `json:"latest"`
}

// QueueList is GET /api/ops/queues.
type QueueList struct {
	Queues []QueueView `json:"queues"`
}

// FailedList is GET /api/ops/failed, newest first.
type FailedList struct {
	Items []FailedView `json:"items"`
}

// DryRun is the answer to POST /api/ops/reprocess with dry_run: what a run
// would take, without starting it.
type DryRun struct {
	DryRun  bool             `json:"dry_run"`
	Matched int              `json:"matched" doc:"analyses the filters select"`
	Pending int              `json:"pending" doc:"of those, the ones a run would enqueue"`
	Params  reprocess.Params `json:"params"`
}

// RunList is GET /api/ops/reprocess, newest first.
type RunList struct {
	Runs []reprocess.Run `json:"runs"`
}

// MembershipType is GET /api/membership/type.
type MembershipType struct {
	UserID         string `json:"user_id"`
	DBUserID       string `json:"db_user_id"`
	MembershipType string `json:"membership_type"`
}

// KeyRemoved is the answer to DELETE /api/user-settings/api-key.
type KeyRemoved struct {
	Success bool `json:"success"`
	HasKey  bool `json:"has_key"`
}

// APIKeyRequest is the body of POST /api/user-settings/api-key.
type APIKeyRequest struct {
	APIKey string `json:"api_key" form:"api_key" required:"true"`
}

// TokenList is GET /api/user-settings/tokens (revoked tokens included).
type TokenList struct {
	Tokens []tokenView `json:"tokens"`
}

// TokenRequest is the body of POST /api/user-settings/tokens.
type TokenRequest struct {
	Name string `json:"name" form:"name"`
	// AccountID defaults to the selected account.
	AccountID string `json:"account_id" form:"account_id"`
}

// SignInForm is the form of POST /api/auth/token.
type SignInForm struct {
	Code        string `json:"code" form:"code" required:"true"`
	State       string `json:"state" form:"state" required:"true"`
	RedirectURI string `json:"redirect_uri" form:"redirect_uri" doc:"must match the one sign-in started with"`
}

// SignedIn is the answer to POST /api/auth/token.
type SignedIn struct {
	Authenticated bool     `json:"authenticated"`
	User          userView `json:"user"`
	NewUser       bool     `json:"new_user"`
}

// AuthInfo is GET /api/auth/auth-info.
type AuthInfo struct {
	Authenticated bool      `json:"authenticated"`
	User          *userView `json:"user"`
}

// Refreshed is the answer to POST /api/auth/refresh.
type Refreshed struct {
	Success       bool `json:"success"`
	Authenticated bool `json:"authenticated"`
}

// LoggedOut is the answer to /api/auth/logout; LogoutURL is the identity
// provider's end-session address, when it has one.
type LoggedOut struct {
	Success   bool    `json:"success"`
	LogoutURL *string `json:"logout_url"`
}

// EnsuredUser is the answer to POST /api/auth/ensure-user.
type EnsuredUser struct {
	Status        string        `json:"status" enum:"success"`
	DBUserID      string        `json:"db_user_id"`
	UserID        string        `json:"user_id"`
	Email         string        `json:"email"`
	Accounts      []accountView `json:"accounts"`
	AccountsCount int           `json:"accounts_count"`
}

// AccountList is GET /api/auth/accounts.
type AccountList struct {
	Accounts []accountView `json:"accounts"`
}

// AccountAccessRequest is the body of POST /api/auth/account-access.
type AccountAccessRequest struct {
	AccountID string `json:"account_id" form:"account_id" required:"true"`
}

// AccountAccess is the answer to POST /api/auth/account-access.
type AccountAccess struct {
	Success        bool   `json:"success"`
	AccountID      string `json:"account_id"`
	AccountName    string `json:"account_name"`
	MembershipType string `json:"membership_type"`
}

// BrowserRefused is the 403 of GET /api/auth/login from a browser that
// sign-in does not support.
type BrowserRefused struct {
	Detail              string      `json:"detail"`
	Message             string      `json:"message"`
	Reason              string      `json:"reason" enum:"browser_not_supported"`
	Browser             BrowserInfo `json:"browser"`
	RecommendedBrowsers []string    `json:"recommended_browsers"`
}

// DemoLimit is the 429 of POST /api/demo/analyze: today's demo is used.
type DemoLimit struct {
	Detail  string `json:"detail"`
	Message string `json:"message"`
	Status  string `json:"status" enum:"limit_reached"`
	// PreviousID is the device's earlier demo today, to show again.
	PreviousID string `json:"previous_id,omitempty"`
}
