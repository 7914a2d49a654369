package main

import (
	"context"
	"net"
	"path/filepath"
	"strings"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analyze"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/auth/devop"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/llm/providers"
)

// devPrefix is where the built-in provider is served.
const devPrefix = "/oidc"

// isLoopback reports whether addr (host:port) listens on loopback only.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// providerMode decides who signs users in: "oidc" (SPADE_OIDC_ISSUER),
// "builtin" (the demo provider, on loopback or when explicitly public) or
// "none" (demo provider refused on a public address).
func providerMode(cfg *config.Config) string {
	switch {
	case cfg.OIDCIssuer != "":
		return "oidc"
	case !isLoopback(cfg.Addr) && !cfg.DevProviderPublic:
		return "none"
	}
	return "builtin"
}

// configuredModel is the model analyses run on, as their results name it.
func configuredModel(cfg *config.Config) string {
	switch {
	case cfg.LLMModel != "":
		return cfg.LLMModel
	case cfg.LLMProvider == providers.Builtin || cfg.LLMProvider == "":
		return analyze.ModelName
	}
	return providers.DefaultModel(cfg.LLMProvider)
}

// devIssuer is the built-in provider's issuer for cfg.
func devIssuer(publicURL string) string { return strings.TrimRight(publicURL, "/") + devPrefix }

// mountAuth adds sign-in (an OIDC provider, the built-in demo provider or
// none) and the public configuration the web app reads at start.
func mountAuth(a *App, d *api.Deps) error {
	cfg := a.Cfg
	h := &api.Auth{Flows: auth.NewFlowSealer(a.Secret)}
	pub := api.PublicConfig{
		ProductName: "SPADE", ClientID: cfg.OIDCClientID,
		Limits: api.Limits{
			DailyLimit: cfg.DailyLimit, TrialDays: cfg.TrialDays, DemoPerDay: 1,
			MaxDocumentBytes: cfg.MaxDocumentBytes, MaxImageBytes: cfg.MaxImageBytes, MaxBPMNBytes: cfg.MaxBPMNBytes, MaxDemoBytes: cfg.MaxDemoBytes,
		},
		AI: api.NewAIConfig(cfg.LLMProvider, configuredModel(cfg)),
	}
	switch providerMode(cfg) {
	case "oidc":
		// SPADE_OIDC_DISCOVERY_URL: the issuer as reachable from this
		// server when browsers use another address (containers).
		h.OIDC = auth.NewOIDC(auth.OIDCConfig{Issuer: cfg.OIDCIssuer, ClientID: cfg.OIDCClientID, ClientSecret: cfg.OIDCClientSecret,
			DiscoveryURL: a.Cfg.OIDCDiscoveryURL})
		pub.AuthProvider, pub.Issuer, pub.RegistrationURL = "oidc", cfg.OIDCIssuer, h.OIDC.RegistrationURL()
	case "none":
		a.Log.Error("SIGN-IN DISABLED: SPADE_OIDC_ISSUER is unset and the built-in demo provider serves only on a loopback address; "+
			"set SPADE_OIDC_ISSUER (e.g. Keycloak) or SPADE_DEV_PROVIDER_PUBLIC=1 to expose demo sign-in", "addr", cfg.Addr)
		pub.AuthProvider = "none"
	default:
		issuer := devIssuer(cfg.PublicURL)
		if !isLoopback(cfg.Addr) {
			a.Log.Warn("!!! BUILT-IN DEMO SIGN-IN IS PUBLIC (SPADE_DEV_PROVIDER_PUBLIC=1): anyone who can reach this server can sign in as a demo user, including the operator ops@example.com. Use SPADE_OIDC_ISSUER in production. !!!",
				"addr", cfg.Addr, "issuer", issuer)
		}
		p, err := devop.New(devop.Options{
			Issuer: issuer, ClientID: cfg.OIDCClientID,
			RedirectURIs:           []string{cfg.PublicURL + "/callback"},
			PostLogoutRedirectURIs: []string{cfg.PublicURL + "/"},
			KeyFile:                filepath.Join(cfg.DataDir, "oidc-signing-key.pem"),
			Users:                  devop.Users(devop.DemoUsers), Logger: a.Log,
		})
		if err != nil {
			return err
		}
		if err := devop.Seed(context.Background(), a.Auth, issuer, devop.DemoUsers); err != nil {
			return err
		}
		h.DevProvider, h.DevPrefix = p, p.Prefix()
		h.OIDC = auth.NewOIDC(auth.OIDCConfig{Issuer: issuer, ClientID: cfg.OIDCClientID})
		pub.AuthProvider, pub.Issuer = "builtin", issuer
		for _, u := range devop.DemoUsers {
			pub.DemoUsers = append(pub.DemoUsers, u.Email)
		}
		a.Log.Info("built-in demo sign-in provider", "issuer", issuer, "demo_users", strings.Join(pub.DemoUsers, ","))
	}
	d.Mounts = append(d.Mounts, h.Mount, api.MountConfig(pub))
	return nil
}
