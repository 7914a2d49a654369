package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// PublicConfig is GET /api/config: what the web app needs before sign-in.
type PublicConfig struct {
	ProductName     string `json:"product_name"`
	RegistrationURL string `json:"registration_url"`
	ClientID        string `json:"client_id"`
	AuthProvider    string `json:"auth_provider"` // "builtin" or "oidc"
	Issuer          string `json:"issuer"`
	// DemoUsers lists the built-in provider's demo users (empty otherwise).
	DemoUsers []string `json:"demo_users"`
	Limits    Limits   `json:"limits"`
}

// Limits are the numbers the UI shows.
type Limits struct {
	DailyLimit       int   `json:"daily_limit"`
	TrialDays        int   `json:"trial_days"`
	DemoPerDay       int   `json:"demo_per_day"`
	MaxDocumentBytes int64 `json:"max_document_bytes"`
	MaxImageBytes    int64 `json:"max_image_bytes"`
	MaxBPMNBytes     int64 `json:"max_bpmn_bytes"`
	MaxDemoBytes     int64 `json:"max_demo_bytes"`
}

// MountConfig serves cfg at GET /api/config (public).
func MountConfig(cfg PublicConfig) func(*Server) {
	return func(s *Server) {
		s.API.GET("/config", func(c echo.Context) error {
			if cfg.DemoUsers == nil {
				cfg.DemoUsers = []string{}
			}
			return c.JSON(http.StatusOK, cfg)
		})
	}
}
