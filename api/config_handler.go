package api

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// PublicConfig is GET /api/config: what the web app needs before sign-in.
type PublicConfig struct {
	ProductName     string `json:"product_name"`
	RegistrationURL string `json:"registration_url"`
	ClientID        string `json:"client_id"`
	AuthProvider    string `json:"auth_provider" enum:"builtin,oidc,none"`
	Issuer          string `json:"issuer"`
	// DemoUsers lists the built-in provider's demo users (empty otherwise).
	DemoUsers []string `json:"demo_users"`
	Limits    Limits   `json:"limits"`
	// AI is the analysis provider this installation runs, so that texts
	// naming it (landing, pricing, disclaimer) match the model the results show.
	AI AIConfig `json:"ai"`
}

// AIConfig names the configured analysis provider and model.
type AIConfig struct {
	Provider string `json:"provider" enum:"builtin,gemini,openai"`
	Model    string `json:"model"` // as the results' metadata.model shows it
	Label    string `json:"label"` // for people: "Google Gemini 2.0 Flash"
}

// NewAIConfig describes provider and model for the web app's texts.
func NewAIConfig(provider, model string) AIConfig {
	return AIConfig{Provider: provider, Model: model, Label: aiLabel(provider, model)}
}

// aiLabel is the name people read: the spec's "Google Gemini 2.0 Flash" for
// gemini-2.0-flash, the model name for the others.
func aiLabel(provider, model string) string {
	switch provider {
	case "gemini":
		words := strings.Fields(strings.NewReplacer("-", " ", "_", " ").Replace(strings.TrimPrefix(model, "models/")))
		for i, w := range words {
			if strings.EqualFold(w, "gemini") {
				words[i] = "Gemini"
				continue
			}
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
		label := strings.Join(words, " ")
		if !strings.HasPrefix(label, "Gemini") {
			label = "Gemini " + label
		}
		return "Google " + label
	case "openai":
		return model + " (OpenAI-compatible endpoint)"
	}
	return "SPADE built-in analyzer (" + model + ")"
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
