package api

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/auth"
)

// tokenView is a personal access token as the settings page lists it; the
// secret appears only in the answer that created it.
type tokenView struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	AccountID  string     `json:"account_id"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	RevokedAt  *time.Time `json:"revoked_at"`
	Revoked    bool       `json:"revoked"`
	Token      string     `json:"token,omitempty" doc:"the secret, only in the answer that created the token"`
}

func tokenViewOf(t *auth.AccessToken) tokenView {
	return tokenView{ID: t.ID, Name: t.Name, AccountID: t.AccountID, CreatedAt: t.CreatedAt, LastUsedAt: t.LastUsedAt, RevokedAt: t.RevokedAt, Revoked: t.RevokedAt != nil}
}

func mountTokens(s *Server, g *echo.Group) {
	g.GET("/user-settings/tokens", func(c echo.Context) error {
		p := PrincipalOf(c)
		ts, err := s.Auth.Tokens(c.Request().Context(), p.User.ID)
		if err != nil {
			return err
		}
		out := make([]tokenView, 0, len(ts))
		for i := range ts {
			// A token sees only its own account: the user's tokens of other
			// accounts are not its business.
			if p.ViaToken && ts[i].AccountID != p.Account.ID {
				continue
			}
			out = append(out, tokenViewOf(&ts[i]))
		}
		return c.JSON(http.StatusOK, TokenList{Tokens: out})
	})
	g.POST("/user-settings/tokens", func(c echo.Context) error {
		p := PrincipalOf(c)
		if p.ViaToken {
			return errStatus(http.StatusForbidden, "Access tokens cannot create further tokens. Sign in to create one.")
		}
		var body TokenRequest
		if err := c.Bind(&body); err != nil {
			return errStatus(http.StatusBadRequest, "Send JSON {\"name\": \"...\", \"account_id\": \"...\"}.")
		}
		body.Name = strings.TrimSpace(body.Name)
		if len(body.Name) > 100 {
			return errStatus(http.StatusBadRequest, "A token name can be at most 100 characters long.")
		}
		acct := body.AccountID
		if acct == "" && p.Account != nil {
			acct = p.Account.ID
		}
		if acct == "" {
			return auth.ErrNoAccount
		}
		secret, t, err := s.Auth.CreateToken(c.Request().Context(), p.User.ID, acct, body.Name)
		if err != nil {
			return err
		}
		v := tokenViewOf(t)
		v.Token = secret
		return c.JSON(http.StatusCreated, v)
	})
	g.DELETE("/user-settings/tokens/:id", func(c echo.Context) error {
		p := PrincipalOf(c)
		if p.ViaToken {
			if err := tokenMayRevoke(c, s, p, c.Param("id")); err != nil {
				return err
			}
		}
		err := s.Auth.RevokeToken(c.Request().Context(), p.User.ID, c.Param("id"))
		if errors.Is(err, auth.ErrNotFound) {
			return errStatus(http.StatusNotFound, "Token not found")
		}
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, Success{Success: true})
	})
}

// tokenMayRevoke decides a revocation asked for with an access token: a
// token may revoke itself (whoever holds a leaked token can retire it), but
// not its siblings, and the tokens of other accounts do not exist for it
// (404, like another user's). Revoking other tokens needs a session.
func tokenMayRevoke(c echo.Context, s *Server, p *auth.Principal, id string) error {
	if id == p.TokenID {
		return nil
	}
	ts, err := s.Auth.Tokens(c.Request().Context(), p.User.ID)
	if err != nil {
		return err
	}
	for i := range ts {
		if ts[i].ID == id && ts[i].AccountID == p.Account.ID {
			return errStatus(http.StatusForbidden, "An access token can revoke only itself. Sign in to SPADE to revoke other tokens.")
		}
	}
	return errStatus(http.StatusNotFound, "Token not found")
}
