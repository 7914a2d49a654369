package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/llm"
	"github.com/spade-bpmn/spade/pkg/membership"
)

// Membership wires plans, the trial, daily limits and users' own API keys
// into the api. cmd/spade builds it and sets Deps.BeforeAnalyze to its
// BeforeAnalyze and appends Mount to Deps.Mounts.
type Membership struct {
	Limiter *membership.Limiter
	Cipher  *membership.Cipher
	Store   *auth.Store
	// CheckKey asks the AI provider whether a user's key works before it is
	// stored (nil: keys are stored unchecked). A rejection wraps
	// llm.ErrAuth; any other error means the check could not be made.
	CheckKey func(ctx context.Context, key string) error
}

// Mount registers the membership and settings routes.
func (m *Membership) Mount(s *Server) {
	g := s.API.Group("", s.requireUser)
	g.GET("/membership/usage", m.usage)
	g.GET("/membership/type", m.typ)
	g.GET("/user-settings/api-key", m.getKey, sessionOnly(keyNeedsSession))
	g.POST("/user-settings/api-key", m.setKey, sessionOnly(keyNeedsSession))
	g.DELETE("/user-settings/api-key", m.deleteKey, sessionOnly(keyNeedsSession))
	mountTokens(s, g)
}

// keyNeedsSession is the refusal of the API key routes to access tokens.
const keyNeedsSession = "Your AI provider key is shared by all your accounts, and an access token belongs to one account: sign in to SPADE to view, replace or remove the key."

// sessionOnly refuses requests authenticated by an access token with 403
// and detail. A token is scoped to one account; the routes behind this
// serve the user across all accounts (the API key every account uses), so
// only a signed-in session may call them.
func sessionOnly(detail string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if p := PrincipalOf(c); p != nil && p.ViaToken {
				return errStatus(http.StatusForbidden, detail)
			}
			return next(c)
		}
	}
}

// BeforeAnalyze applies the trial and the daily limit to one analyze call:
// 403 with the spec's trial-expired text, 429 with the exact daily-limit
// detail the UI parses. A kind that runs no analyzer (Charged false) is
// held to the trial only and counts no call.
func (m *Membership) BeforeAnalyze(c echo.Context, p *auth.Principal, kind string) error {
	id := AnalysisIDOf(c)
	var err error
	if Charged(kind) {
		_, err = m.Limiter.Acquire(c.Request().Context(), subjectOf(p.User), id)
	} else {
		_, err = m.Limiter.Check(subjectOf(p.User))
	}
	var le *membership.LimitError
	switch {
	case err == nil:
		// A failure on our side after this point (database or queue down)
		// gives the call back: the user did not get an analysis.
		ctx := context.WithoutCancel(c.Request().Context())
		c.Response().Before(func() {
			if c.Response().Status >= http.StatusInternalServerError {
				_ = m.Limiter.Refund(ctx, id)
			}
		})
		return nil
	case errors.Is(err, membership.ErrTrialExpired):
		return errStatus(http.StatusForbidden, err.Error())
	case errors.As(err, &le):
		return errStatus(http.StatusTooManyRequests, le.Error())
	}
	// The counter lives in the database; statusOf answers 503 when it is
	// down.
	return fmt.Errorf("before analyze: %w", err)
}

func subjectOf(u *auth.User) membership.Subject {
	return membership.Subject{UserID: u.ID, MembershipType: u.MembershipType, TrialStartedAt: u.TrialStartedAt, HasOwnKey: u.APIKeyCiphertext != ""}
}

// usageView is GET /api/membership/usage. Standard members have no limit:
// daily_limit and remaining_calls are -1 and unlimited is true.
type usageView struct {
	UserID         string  `json:"user_id"`
	Email          string  `json:"email"`
	StoredEmail    string  `json:"stored_email"`
	DBUserID       string  `json:"db_user_id"`
	MembershipType string  `json:"membership_type"`
	DailyLimit     int     `json:"daily_limit" doc:"analyze calls a day; -1 when unlimited"`
	UsageToday     int     `json:"usage_today"`
	RemainingCalls int     `json:"remaining_calls" doc:"-1 when unlimited"`
	Unlimited      bool    `json:"unlimited"`
	TrialStartedAt *string `json:"trial_started_at"`
	TrialEndsAt    *string `json:"trial_ends_at"`
	TrialActive    bool    `json:"trial_active"`
	HasOwnKey      bool    `json:"has_own_key"`
	CanAnalyze     bool    `json:"can_analyze"`
}

func rfc3339(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

func (m *Membership) usage(c echo.Context) error {
	u := PrincipalOf(c).User
	st := m.Limiter.StatusOf(subjectOf(u))
	used, err := m.Limiter.UsageToday(c.Request().Context(), u.ID)
	if err != nil {
		return err
	}
	v := usageView{
		UserID: u.Subject, Email: u.Email, StoredEmail: u.Email, DBUserID: u.ID, MembershipType: st.Type,
		UsageToday: used, Unlimited: st.Unlimited, TrialStartedAt: rfc3339(u.TrialStartedAt),
		TrialEndsAt: rfc3339(st.TrialEndsAt), TrialActive: st.InTrial, HasOwnKey: u.APIKeyCiphertext != "", CanAnalyze: st.Allowed,
	}
	if st.Unlimited {
		v.DailyLimit, v.RemainingCalls = -1, -1
	} else {
		v.DailyLimit = st.DailyLimit
		v.RemainingCalls = max(0, st.DailyLimit-used)
		if !st.Allowed {
			v.RemainingCalls = 0
		}
		// No call left today: the next analyze answers 429, so the user
		// cannot analyze now (remaining 0 and can_analyze true together
		// contradicted each other).
		v.CanAnalyze = v.RemainingCalls > 0
	}
	return c.JSON(http.StatusOK, v)
}

func (m *Membership) typ(c echo.Context) error {
	u := PrincipalOf(c).User
	return c.JSON(http.StatusOK, MembershipType{UserID: u.Subject, DBUserID: u.ID, MembershipType: membership.NormalizeType(u.MembershipType)})
}

// keyView is GET /api/user-settings/api-key: never more than the last four.
// A save adds Message and, when the provider could not check the key,
// Warning (the UI shows it instead of the success message).
type keyView struct {
	Success   bool   `json:"success"`
	HasKey    bool   `json:"has_key"`
	MaskedKey string `json:"masked_key" doc:"the key with all but the last four characters hidden; empty without a key"`
	LastFour  string `json:"last_four,omitempty"`
	Message   string `json:"message,omitempty"`
	Warning   string `json:"warning,omitempty" doc:"set when the provider could not check the key (it was stored anyway)"`
}

func keyViewOf(u *auth.User) keyView {
	if u.APIKeyCiphertext == "" {
		return keyView{Success: true}
	}
	return keyView{Success: true, HasKey: true, MaskedKey: membership.Mask(u.APIKeyLast4), LastFour: u.APIKeyLast4}
}

func (m *Membership) getKey(c echo.Context) error {
	return c.JSON(http.StatusOK, keyViewOf(PrincipalOf(c).User))
}

func (m *Membership) setKey(c echo.Context) error {
	var body APIKeyRequest
	if err := c.Bind(&body); err != nil {
		return errStatus(http.StatusBadRequest, "Send the key as JSON {\"api_key\": \"...\"}.")
	}
	key, err := membership.NormalizeAPIKey(body.APIKey)
	if err != nil {
		return errStatus(http.StatusBadRequest, err.Error())
	}
	ctx := c.Request().Context()
	var warning string
	if m.CheckKey != nil {
		var refused error
		warning, refused = keyCheckOutcome(ctx, m.CheckKey(ctx, key))
		if refused != nil {
			return refused
		}
	}
	u := PrincipalOf(c).User
	ct, err := m.Cipher.Encrypt(key, u.ID)
	if err != nil {
		return err
	}
	last4 := membership.Last4(key)
	if err := m.Store.SetAPIKey(ctx, u.ID, ct, last4); err != nil {
		return err
	}
	u.APIKeyCiphertext, u.APIKeyLast4 = ct, last4
	v := keyViewOf(u)
	v.Message, v.Warning = "API key saved. Your analyses now use your own key.", warning
	return c.JSON(http.StatusOK, v)
}

// keyCheckOutcome turns the provider's answer to a key check into either a
// refusal (400 with the provider's reason, nothing stored) or a warning to
// store the key with: a provider that cannot be reached now says nothing
// about the key, and refusing it would lock the user out during an outage.
func keyCheckOutcome(ctx context.Context, err error) (warning string, refused error) {
	switch {
	case err == nil:
		return "", nil
	case errors.Is(err, llm.ErrAuth):
		detail, ok := failure.Detail(err)
		if !ok {
			detail = "The AI provider rejected this key."
		}
		return "", errStatus(http.StatusBadRequest, detail)
	case ctx.Err() != nil:
		return "", ctx.Err()
	}
	why := "the AI provider could not be reached"
	switch {
	case errors.Is(err, llm.ErrRateLimited):
		why = "the AI provider is busy (rate limit)"
	case errors.Is(err, llm.ErrUnavailable):
		why = "the AI provider did not answer properly"
	case errors.Is(err, llm.ErrInvalidRequest):
		why = "the AI provider did not accept the check request"
	}
	return "API key saved, but it could not be checked because " + why + ". If your analyses fail with a key error, check the key here.", nil
}

func (m *Membership) deleteKey(c echo.Context) error {
	u := PrincipalOf(c).User
	if err := m.Store.ClearAPIKey(c.Request().Context(), u.ID); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, KeyRemoved{Success: true})
}
