package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/spade-bpmn/spade/api"
	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/testenv"
)

const chromeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36"

// authStack is api (+ worker) listening on a known loopback address, so
// that SPADE_PUBLIC_URL and the built-in provider's issuer are real.
type authStack struct{ *stack }

func newAuthStack(t *testing.T, o stackOptions) *authStack {
	t.Helper()
	return &authStack{setup(t, o)}
}

// session signs a user in directly (for tests that are not about sign-in).
func (s *authStack) session(email string) (*auth.User, string, string) {
	s.t.Helper()
	ctx := context.Background()
	u, _, err := s.app.Auth.UpsertUser(ctx, auth.User{Issuer: "test", Subject: "sub-" + email, Email: email, Name: email})
	if err != nil {
		s.t.Fatal(err)
	}
	sid, err := s.app.Auth.CreateSession(ctx, u.ID, time.Hour)
	if err != nil {
		s.t.Fatal(err)
	}
	accs, _ := s.app.Auth.Accounts(ctx, u.ID)
	return u, sid, accs[0].ID
}

// req is one request's extras.
type req struct {
	cookie  string // session id
	account string
	headers map[string]string
	body    io.Reader
	ctype   string
}

func (s *authStack) call(method, path string, r req) (int, []byte) {
	s.t.Helper()
	hr, _ := http.NewRequest(method, s.base+path, r.body)
	if r.ctype != "" {
		hr.Header.Set("Content-Type", r.ctype)
	}
	if r.cookie != "" {
		hr.AddCookie(&http.Cookie{Name: api.SessionCookie, Value: r.cookie})
	}
	if r.account != "" {
		hr.Header.Set("X-Account-ID", r.account)
	}
	for k, v := range r.headers {
		hr.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func fileBody(t testing.TB, name string, data []byte, fields map[string]string) (io.Reader, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	fw, _ := w.CreateFormFile("file", name)
	fw.Write(data)
	w.Close()
	return &buf, w.FormDataContentType()
}

// browser is a cookie-keeping client that behaves like desktop Chrome and
// stops at the app's /callback page (the SPA route).
type browser struct {
	t    *testing.T
	c    *http.Client
	base string
}

type uaTransport struct{ base string }

func (u uaTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", chromeUA)
	if r.Method != http.MethodGet && r.Header.Get("Origin") == "" {
		r.Header.Set("Origin", u.base)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func newBrowser(t *testing.T, base string) *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: t, base: base, c: &http.Client{
		Jar: jar, Timeout: 20 * time.Second, Transport: uaTransport{base: base},
		CheckRedirect: func(r *http.Request, via []*http.Request) error {
			if r.URL.Path == "/callback" {
				return http.ErrUseLastResponse
			}
			return nil
		},
	}}
}

func (b *browser) do(method, rawURL string, body io.Reader, ctype string, hdr map[string]string) (*http.Response, []byte) {
	b.t.Helper()
	if strings.HasPrefix(rawURL, "/") {
		rawURL = b.base + rawURL
	}
	r, _ := http.NewRequest(method, rawURL, body)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	res, err := b.c.Do(r)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res, data
}

func (b *browser) json(method, path string, body io.Reader, ctype string, hdr map[string]string, want int) map[string]any {
	b.t.Helper()
	res, data := b.do(method, path, body, ctype, hdr)
	if res.StatusCode != want {
		b.t.Fatalf("%s %s: %d %s (want %d)", method, path, res.StatusCode, data, want)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		b.t.Fatalf("%s %s: %v: %s", method, path, err, data)
	}
	return m
}

// callbackParams reads code and state from a redirect to /callback.
func callbackParams(t *testing.T, res *http.Response) (string, string) {
	t.Helper()
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil || loc.Path != "/callback" || loc.Query().Get("code") == "" {
		t.Fatalf("expected a redirect to /callback with a code, got %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	return loc.Query().Get("code"), loc.Query().Get("state")
}

func (b *browser) exchange(code, state string) map[string]any {
	b.t.Helper()
	form := url.Values{"code": {code}, "state": {state}, "redirect_uri": {b.base + "/callback"}}
	return b.json(http.MethodPost, "/api/auth/token", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil, http.StatusOK)
}

var authRequestIDRe = regexp.MustCompile(`name="authRequestID" value="([^"]+)"`)

// TestSignInBuiltinProvider drives the whole code flow over HTTP against
// the built-in provider: authorize → login page → callback → token →
// auth-info → ensure-user → accounts → account-access → an analysis →
// logout.
func TestSignInBuiltinProvider(t *testing.T) {
	t.Parallel()
	s := newAuthStack(t, stackOptions{DB: "postgres"})
	b := newBrowser(t, s.base)

	// Unsupported browsers are refused with the spec's texts.
	st, body := s.call(http.MethodGet, "/api/auth/login?redirect_uri="+url.QueryEscape(s.base+"/callback"),
		req{headers: map[string]string{"User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"}})
	if st != http.StatusForbidden || !strings.Contains(string(body), `"reason":"browser_not_supported"`) ||
		!strings.Contains(string(body), "Mobile browsers are not currently supported. Please use a desktop browser.") {
		t.Fatalf("mobile login: %d %s", st, body)
	}
	// A foreign redirect_uri is refused.
	res, body2 := b.do(http.MethodGet, "/api/auth/login?redirect_uri="+url.QueryEscape("https://evil.example/callback"), nil, "", nil)
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("foreign redirect: %d %s", res.StatusCode, body2)
	}

	// Authorize: the provider's login page lists the demo users.
	res, page := b.do(http.MethodGet, "/api/auth/login?redirect_uri="+url.QueryEscape(s.base+"/callback"), nil, "", nil)
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), "consultant@example.com") {
		t.Fatalf("login page: %d %s", res.StatusCode, page)
	}
	m := authRequestIDRe.FindStringSubmatch(string(page))
	if m == nil {
		t.Fatalf("no auth request id in %s", page)
	}
	// Login: choose the consultant (two accounts).
	form := url.Values{"authRequestID": {m[1]}, "email": {"consultant@example.com"}}
	res, _ = b.do(http.MethodPost, "/oidc/login", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil)
	code, state := callbackParams(t, res)

	// Token: creates the session (HttpOnly, SameSite=Lax).
	form = url.Values{"code": {code}, "state": {state}, "redirect_uri": {s.base + "/callback"}}
	res, data := b.do(http.MethodPost, "/api/auth/token", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil)
	if res.StatusCode != http.StatusOK || !strings.Contains(string(data), `"authenticated":true`) {
		t.Fatalf("token: %d %s", res.StatusCode, data)
	}
	var sessionCookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == api.SessionCookie {
			sessionCookie = c
		}
	}
	if sessionCookie == nil || !sessionCookie.HttpOnly || sessionCookie.SameSite != http.SameSiteLaxMode {
		t.Fatalf("session cookie %+v", sessionCookie)
	}
	if strings.Contains(string(data), "id_token") || strings.Contains(string(data), "access_token") {
		t.Fatalf("provider tokens leaked to the browser: %s", data)
	}
	// The code is single-use.
	res, data = b.do(http.MethodPost, "/api/auth/token", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil)
	if res.StatusCode == http.StatusOK {
		t.Fatalf("code replay accepted: %s", data)
	}

	info := b.json(http.MethodGet, "/api/auth/auth-info", nil, "", nil, http.StatusOK)
	user, _ := info["user"].(map[string]any)
	if info["authenticated"] != true || user["email"] != "consultant@example.com" {
		t.Fatalf("auth-info %v", info)
	}
	ens := b.json(http.MethodPost, "/api/auth/ensure-user", nil, "", nil, http.StatusOK)
	if ens["status"] != "success" || ens["accounts_count"] != float64(2) || ens["db_user_id"] == "" {
		t.Fatalf("ensure-user %v", ens)
	}
	accs := b.json(http.MethodGet, "/api/auth/accounts", nil, "", nil, http.StatusOK)["accounts"].([]any)
	if len(accs) != 2 {
		t.Fatalf("accounts %v", accs)
	}
	acct := accs[0].(map[string]any)["account_id"].(string)
	for _, k := range []string{"account_id", "account_name", "membership_type", "last_login_date"} {
		if _, ok := accs[0].(map[string]any)[k]; !ok {
			t.Fatalf("account lacks %s: %v", k, accs[0])
		}
	}
	ab, _ := json.Marshal(map[string]string{"account_id": acct})
	b.json(http.MethodPost, "/api/auth/account-access", bytes.NewReader(ab), "application/json", nil, http.StatusOK)
	// Another user's account is refused.
	analyst, err := s.app.Auth.UserByEmail(context.Background(), "analyst@example.com")
	if err != nil {
		t.Fatal(err)
	}
	aaccs, _ := s.app.Auth.Accounts(context.Background(), analyst.ID)
	ab, _ = json.Marshal(map[string]string{"account_id": aaccs[0].ID})
	b.json(http.MethodPost, "/api/auth/account-access", bytes.NewReader(ab), "application/json", nil, http.StatusForbidden)
	accs = b.json(http.MethodGet, "/api/auth/accounts", nil, "", nil, http.StatusOK)["accounts"].([]any)
	touched := false
	for _, a := range accs {
		if a.(map[string]any)["account_id"] == acct && a.(map[string]any)["last_login_date"] != nil {
			touched = true
		}
	}
	if !touched {
		t.Fatalf("account-access did not record the access: %v", accs)
	}

	// An analysis in the selected account.
	fb, ct := fileBody(t, "invoice.txt", []byte(sampleTXT), nil)
	an := b.json(http.MethodPost, "/api/analyze", fb, ct, map[string]string{"X-Account-ID": acct}, http.StatusAccepted)
	id := an["id"].(string)
	deadline := time.Now().Add(60 * time.Second)
	for {
		v := b.json(http.MethodGet, "/api/document/"+id, nil, "", map[string]string{"X-Account-ID": acct}, http.StatusOK)
		if v["status"] == analysis.StatusCompleted || v["status"] == analysis.StatusFailed {
			if v["status"] != analysis.StatusCompleted {
				t.Fatalf("analysis failed: %v", v["detail"])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("analysis not done: %v", v["status"])
		}
		time.Sleep(50 * time.Millisecond)
	}
	b.json(http.MethodPost, "/api/auth/refresh", nil, "", nil, http.StatusOK)

	// Logout ends the session here and names the provider's end-session URL.
	out := b.json(http.MethodGet, "/api/auth/logout", nil, "", nil, http.StatusOK)
	lu, _ := out["logout_url"].(string)
	if out["success"] != true || !strings.HasPrefix(lu, s.base+"/oidc/end_session?") {
		t.Fatalf("logout %v", out)
	}
	info = b.json(http.MethodGet, "/api/auth/auth-info", nil, "", nil, http.StatusOK)
	if info["authenticated"] != false {
		t.Fatalf("still signed in: %v", info)
	}
	// The provider's end-session page sends the browser back to the app.
	if res, body := b.do(http.MethodGet, lu, nil, "", nil); res.Request.URL.String() != s.base+"/" {
		t.Fatalf("end session ended at %s (%d %.200s)", res.Request.URL, res.StatusCode, body)
	}
	// The old cookie is dead on the server, not only in the browser.
	if st, _ := s.call(http.MethodGet, "/api/recent", req{cookie: sessionCookie.Value, account: acct}); st != http.StatusUnauthorized {
		t.Fatalf("old session still works: %d", st)
	}

	// login_hint signs a demo user in without the page (scripts).
	res, _ = b.do(http.MethodGet, "/api/auth/login?login_hint=analyst@example.com&redirect_uri="+url.QueryEscape(s.base+"/callback"), nil, "", nil)
	code, state = callbackParams(t, res)
	tok := b.exchange(code, state)
	if tok["user"].(map[string]any)["email"] != "analyst@example.com" {
		t.Fatalf("login_hint user %v", tok)
	}
	ens = b.json(http.MethodPost, "/api/auth/ensure-user", nil, "", nil, http.StatusOK)
	if ens["accounts_count"] != float64(1) {
		t.Fatalf("analyst accounts %v", ens)
	}
}

// testOP is a minimal OpenID provider written for this test (discovery,
// authorize with PKCE S256, token with client secret, JWKS), to show that
// sign-in works with any standard provider, not only the built-in one.
type testOP struct {
	t        *testing.T
	srv      *httptest.Server
	key      *rsa.PrivateKey
	mu       sync.Mutex
	codes    map[string]map[string]string
	audience string // overrides the ID token audience when set
}

func newTestOP(t *testing.T) *testOP {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	o := &testOP{t: t, key: key, codes: map[string]map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		u := o.srv.URL
		_ = json.NewEncoder(w).Encode(map[string]any{
			"issuer": u, "authorization_endpoint": u + "/auth", "token_endpoint": u + "/token", "jwks_uri": u + "/jwks",
			"response_types_supported": []string{"code"}, "subject_types_supported": []string{"public"},
			"id_token_signing_alg_values_supported": []string{"RS256"},
		})
	})
	mux.HandleFunc("/jwks", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "RS256", Use: "sig"}}})
	})
	mux.HandleFunc("/auth", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("client_id") != "spade-test" || q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
			http.Error(w, "bad authorize request", http.StatusBadRequest)
			return
		}
		code := auth.RandomSecret(16)
		o.mu.Lock()
		o.codes[code] = map[string]string{"challenge": q.Get("code_challenge"), "nonce": q.Get("nonce"), "redirect": q.Get("redirect_uri"), "hint": q.Get("login_hint")}
		o.mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?code="+code+"&state="+url.QueryEscape(q.Get("state")), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		id, secret, ok := r.BasicAuth()
		if !ok {
			id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
		}
		if id != "spade-test" || secret != "s3cret" {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error":"invalid_client"}`))
			return
		}
		o.mu.Lock()
		c, ok := o.codes[r.PostForm.Get("code")]
		delete(o.codes, r.PostForm.Get("code"))
		o.mu.Unlock()
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if !ok || c["redirect"] != r.PostForm.Get("redirect_uri") || base64.RawURLEncoding.EncodeToString(sum[:]) != c["challenge"] {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":"invalid_grant"}`))
			return
		}
		aud := "spade-test"
		if o.audience != "" {
			aud = o.audience
		}
		claims, _ := json.Marshal(map[string]any{
			"iss": o.srv.URL, "sub": "ext-42", "aud": aud, "exp": time.Now().Add(5 * time.Minute).Unix(), "iat": time.Now().Unix(),
			"nonce": c["nonce"], "email": "grace@corp.example", "given_name": "Grace", "family_name": "Hopper", "name": "Grace Hopper",
		})
		signer, _ := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: key}, (&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", "k1"))
		obj, _ := signer.Sign(claims)
		raw, _ := obj.CompactSerialize()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "at-" + auth.RandomSecret(8), "token_type": "Bearer", "expires_in": 300, "id_token": raw})
	})
	o.srv = httptest.NewServer(mux)
	t.Cleanup(o.srv.Close)
	return o
}

// TestSignInOtherProvider runs the same flow against testOP: a confidential
// client, a provider without end-session, a first sign-in that creates the
// user with a personal account and starts the trial.
func TestSignInOtherProvider(t *testing.T) {
	t.Parallel()
	op := newTestOP(t)
	s := newAuthStack(t, stackOptions{Env: map[string]string{
		"SPADE_OIDC_ISSUER": op.srv.URL, "SPADE_OIDC_CLIENT_ID": "spade-test", "SPADE_OIDC_CLIENT_SECRET": "s3cret",
	}, NoWorker: true})
	b := newBrowser(t, s.base)
	res, _ := b.do(http.MethodGet, "/api/auth/login?login_hint=grace&redirect_uri="+url.QueryEscape(s.base+"/callback"), nil, "", nil)
	code, state := callbackParams(t, res)
	op.mu.Lock()
	hint := op.codes[code]["hint"]
	op.mu.Unlock()
	if hint != "grace" {
		t.Fatalf("login_hint not passed through: %q", hint)
	}
	tok := b.exchange(code, state)
	if tok["user"].(map[string]any)["email"] != "grace@corp.example" || tok["new_user"] != true {
		t.Fatalf("token %v", tok)
	}
	ens := b.json(http.MethodPost, "/api/auth/ensure-user", nil, "", nil, http.StatusOK)
	if ens["accounts_count"] != float64(1) {
		t.Fatalf("ensure-user %v", ens)
	}
	u, err := s.app.Auth.UserByEmail(context.Background(), "grace@corp.example")
	if err != nil || u.Issuer != op.srv.URL || u.Subject != "ext-42" || u.TrialStartedAt == nil || u.MembershipType != "Free" {
		t.Fatalf("user %+v %v", u, err)
	}
	usage := b.json(http.MethodGet, "/api/membership/usage", nil, "", nil, http.StatusOK)
	if usage["daily_limit"] != float64(5) || usage["remaining_calls"] != float64(5) || usage["trial_started_at"] == nil {
		t.Fatalf("usage %v", usage)
	}
	out := b.json(http.MethodGet, "/api/auth/logout", nil, "", nil, http.StatusOK)
	if out["logout_url"] != nil {
		t.Fatalf("provider has no end-session endpoint, got %v", out)
	}
	// An ID token for another audience is refused.
	op.audience = "someone-else"
	res, _ = b.do(http.MethodGet, "/api/auth/login?redirect_uri="+url.QueryEscape(s.base+"/callback"), nil, "", nil)
	code, state = callbackParams(t, res)
	form := url.Values{"code": {code}, "state": {state}, "redirect_uri": {s.base + "/callback"}}
	if res, data := b.do(http.MethodPost, "/api/auth/token", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("wrong audience: %d %s", res.StatusCode, data)
	}
	// A state without its flow cookie (another browser) is refused.
	op.audience = ""
	res, _ = b.do(http.MethodGet, "/api/auth/login?redirect_uri="+url.QueryEscape(s.base+"/callback"), nil, "", nil)
	code, state = callbackParams(t, res)
	other := newBrowser(t, s.base)
	form = url.Values{"code": {code}, "state": {state}}
	if res, data := other.do(http.MethodPost, "/api/auth/token", strings.NewReader(form.Encode()), "application/x-www-form-urlencoded", nil); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("flow from another browser: %d %s", res.StatusCode, data)
	}
}

// TestDailyLimitTrialAndOwnKey: 50 concurrent analyze calls at limit 5
// accept exactly 5; after the trial 403; with an own key accepted again.
func TestDailyLimitTrialAndOwnKey(t *testing.T) {
	for name, dbURL := range testenv.Databases(t) {
		t.Run(name, func(t *testing.T) { testDailyLimit(t, dbURL) })
	}
}

func testDailyLimit(t *testing.T, dbURL string) {
	// Keys are checked with the provider they will be used with: a local
	// server speaking Gemini's models.get answers for Google.
	gem := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.Header.Get("x-goog-api-key") {
		case "AIzaOwnKey9876":
			_, _ = io.WriteString(w, `{"name":"models/gemini-2.0-flash","displayName":"Gemini 2.0 Flash"}`)
		case "AIzaBusyKey1234":
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}`)
		default:
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID","domain":"googleapis.com"}]}}`)
		}
	}))
	t.Cleanup(gem.Close)
	s := newAuthStack(t, stackOptions{DB: dbURL, Env: map[string]string{"SPADE_DAILY_LIMIT": "5",
		"SPADE_LLM_PROVIDER": "gemini", "GEMINI_API_KEY": "system-key", "SPADE_LLM_BASE_URL": gem.URL}, NoWorker: true})
	u, sid, acct := s.session("limit@example.com")
	var wg sync.WaitGroup
	var mu sync.Mutex
	counts := map[int]int{}
	details := map[string]int{}
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, ct := fileBody(t, "p.txt", []byte(sampleTXT), nil)
			st, b := s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct})
			var d api.Detail
			_ = json.Unmarshal(b, &d)
			mu.Lock()
			counts[st]++
			if st == http.StatusTooManyRequests {
				details[d.Detail]++
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	if counts[http.StatusAccepted] != 5 || counts[http.StatusTooManyRequests] != 45 {
		t.Fatalf("statuses %v", counts)
	}
	if details["Daily limit of 5 analyze calls reached for your Free membership"] != 45 {
		t.Fatalf("details %v", details)
	}
	st, b := s.call(http.MethodGet, "/api/membership/usage", req{cookie: sid})
	if st != http.StatusOK || !strings.Contains(string(b), `"usage_today":5`) || !strings.Contains(string(b), `"remaining_calls":0`) ||
		!strings.Contains(string(b), `"can_analyze":false`) {
		t.Fatalf("usage %d %s", st, b)
	}
	// The counter lives in the database: Redis losing its data (a restart
	// without persistence) hands out no new calls (issue 12.7).
	if err := s.app.Queue.Redis.FlushAll(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	body, ct := fileBody(t, "p.txt", []byte(sampleTXT), nil)
	if st, b = s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct}); st != http.StatusTooManyRequests {
		t.Fatalf("after a Redis flush: %d %s", st, b)
	}

	// The trial ends.
	old := time.Now().Add(-15 * 24 * time.Hour)
	if err := s.app.Auth.SetTrialStart(context.Background(), u.ID, &old); err != nil {
		t.Fatal(err)
	}
	body, ct = fileBody(t, "p.txt", []byte(sampleTXT), nil)
	st, b = s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct})
	if st != http.StatusForbidden || !strings.Contains(string(b), "Your 14-day free trial period has ended.") {
		t.Fatalf("after trial: %d %s", st, b)
	}

	// Own key: validated, stored encrypted, shown masked.
	st, b = s.call(http.MethodPost, "/api/user-settings/api-key", req{cookie: sid, body: strings.NewReader(`{"api_key":"   "}`), ctype: "application/json"})
	if st != http.StatusBadRequest || !strings.Contains(string(b), "Please enter an API key.") {
		t.Fatalf("blank key: %d %s", st, b)
	}
	// A key the provider rejects is refused with its reason and not stored.
	st, b = s.call(http.MethodPost, "/api/user-settings/api-key", req{cookie: sid, body: strings.NewReader(`{"api_key":"AIzaWrongKey0000"}`), ctype: "application/json"})
	if st != http.StatusBadRequest || !strings.Contains(string(b), `"detail":"Gemini rejected this key: API key not valid"`) {
		t.Fatalf("rejected key: %d %s", st, b)
	}
	if stored, _ := s.app.Auth.UserByID(context.Background(), u.ID); stored.APIKeyCiphertext != "" {
		t.Fatal("a rejected key was stored")
	}
	// A provider that cannot answer now: stored, with a warning.
	st, b = s.call(http.MethodPost, "/api/user-settings/api-key", req{cookie: sid, body: strings.NewReader(`{"api_key":"AIzaBusyKey1234"}`), ctype: "application/json"})
	if st != http.StatusOK || !strings.Contains(string(b), `"masked_key":"****1234"`) || !strings.Contains(string(b), `"warning":"API key saved, but it could not be checked`) {
		t.Fatalf("unchecked key: %d %s", st, b)
	}
	st, b = s.call(http.MethodPost, "/api/user-settings/api-key", req{cookie: sid, body: strings.NewReader(`{"api_key":"  AIzaOwnKey9876  "}`), ctype: "application/json"})
	if st != http.StatusOK || !strings.Contains(string(b), `"masked_key":"****9876"`) || strings.Contains(string(b), "AIzaOwnKey") ||
		!strings.Contains(string(b), `"message":"API key saved. Your analyses now use your own key."`) || strings.Contains(string(b), "warning") {
		t.Fatalf("save key: %d %s", st, b)
	}
	stored, _ := s.app.Auth.UserByID(context.Background(), u.ID)
	if strings.Contains(stored.APIKeyCiphertext, "AIzaOwnKey") || stored.APIKeyLast4 != "9876" {
		t.Fatalf("key stored in clear: %+v", stored)
	}
	if k, err := keyLookup(s.app.Auth, s.app.Cipher)(context.Background(), u.ID); err != nil || k != "AIzaOwnKey9876" {
		t.Fatalf("worker key lookup: %q %v", k, err)
	}
	// Own key after the trial: a new day's quota on the user's key. Today's
	// five are used, so clear the counter as the UTC date change would.
	if err := s.app.DB.DB.Exec("DELETE FROM usage_counts WHERE subject = ?", "user:"+u.ID).Error; err != nil {
		t.Fatal(err)
	}
	body, ct = fileBody(t, "p.txt", []byte(sampleTXT), nil)
	st, b = s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct})
	if st != http.StatusAccepted {
		t.Fatalf("own key after trial: %d %s", st, b)
	}
	st, b = s.call(http.MethodDelete, "/api/user-settings/api-key", req{cookie: sid})
	if st != http.StatusOK {
		t.Fatalf("delete key: %d %s", st, b)
	}
	body, ct = fileBody(t, "p.txt", []byte(sampleTXT), nil)
	if st, b = s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct}); st != http.StatusForbidden {
		t.Fatalf("key deleted after trial: %d %s", st, b)
	}
	// Standard is unlimited.
	if err := s.app.Auth.SetMembershipType(context.Background(), u.ID, "Standard"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 7; i++ {
		body, ct = fileBody(t, "p.txt", []byte(sampleTXT), nil)
		if st, b = s.call(http.MethodPost, "/api/analyze", req{cookie: sid, account: acct, body: body, ctype: ct}); st != http.StatusAccepted {
			t.Fatalf("standard call %d: %d %s", i, st, b)
		}
	}
}

// TestDemoOncePerDevice: the second demo from the same device on the same
// UTC day answers 429; the answer and GET carry the same shape.
func TestDemoOncePerDevice(t *testing.T) {
	t.Parallel()
	s := newAuthStack(t, stackOptions{Env: map[string]string{"SPADE_DEMO_WAIT": "30s"}})
	post := func(device, name string, data []byte, typ string) (int, map[string]any) {
		body, ct := fileBody(t, name, data, map[string]string{"analysis_type": typ})
		st, b := s.call(http.MethodPost, "/api/demo/analyze", req{body: body, ctype: ct, headers: map[string]string{"X-Device-ID": device}})
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		return st, m
	}
	st, first := post("d0000001-0000000000000001", "invoice.txt", []byte(sampleTXT), "document")
	if st != http.StatusOK || first["id"] == nil {
		t.Fatalf("first demo: %d %v", st, first)
	}
	if first["status"] != "completed" || first["bpmn_xml"] == nil || first["process_name"] == "" {
		t.Fatalf("demo result %v", first["status"])
	}
	st, second := post("d0000001-0000000000000001", "invoice.txt", []byte(sampleTXT), "document")
	if st != http.StatusTooManyRequests || second["detail"] != "You've reached the daily limit for demo analyses. Register for more uses!" || second["previous_id"] != first["id"] {
		t.Fatalf("second demo: %d %v", st, second)
	}
	// A Redis that lost its data does not hand out another demo.
	if err := s.app.Queue.Redis.FlushAll(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	if st, third := post("d0000001-0000000000000001", "invoice.txt", []byte(sampleTXT), "document"); st != http.StatusTooManyRequests || third["previous_id"] != first["id"] {
		t.Fatalf("demo after a Redis flush: %d %v", st, third)
	}
	// Validation: wrong type for the chosen analysis → 400, nothing counted.
	if st, m := post("d0000002-0000000000000002", "invoice.txt", []byte(sampleTXT), "image"); st != http.StatusBadRequest || !strings.HasPrefix(m["detail"].(string), "File validation failed") {
		t.Fatalf("image demo with text: %d %v", st, m)
	}
	if st, m := post("d0000002-0000000000000002", "big.txt", bytes.Repeat([]byte("a"), 10<<20+1), "document"); st != http.StatusRequestEntityTooLarge {
		t.Fatalf("too big: %d %v", st, m)
	}
	if st, m := post("d0000002-0000000000000002", "invoice.txt", []byte(sampleTXT), "document"); st != http.StatusOK {
		t.Fatalf("device-2 after failed attempts: %d %v", st, m)
	}
	// GET keeps the same shape; unknown and non-demo ids are 404.
	st, b := s.call(http.MethodGet, "/api/demo/analyze/"+first["id"].(string), req{})
	if st != http.StatusOK || !strings.Contains(string(b), `"bpmn_xml":"\u003c?xml`) {
		t.Fatalf("GET demo: %d %.200s", st, b)
	}
	if st, _ := s.call(http.MethodGet, "/api/demo/analyze/demo-0000", req{}); st != http.StatusNotFound {
		t.Fatalf("unknown demo: %d", st)
	}
	// Demo analyses belong to no user: a signed-in user cannot see them.
	_, sid, acct := s.session("someone@example.com")
	if st, _ := s.call(http.MethodGet, "/api/document/"+first["id"].(string), req{cookie: sid, account: acct}); st != http.StatusNotFound {
		t.Fatalf("demo visible to a user: %d", st)
	}
	// The janitor removes day-old demos (rows and uploads), nothing else.
	if _, demos := cleanUp(context.Background(), s.app, time.Now()); demos != 0 {
		t.Fatalf("fresh demos removed: %d", demos)
	}
	if _, demos := cleanUp(context.Background(), s.app, time.Now().Add(48*time.Hour)); demos != 2 {
		t.Fatalf("old demos removed: %d, want 2", demos)
	}
	if st, _ := s.call(http.MethodGet, "/api/demo/analyze/"+first["id"].(string), req{}); st != http.StatusNotFound {
		t.Fatalf("old demo still served: %d", st)
	}
}

// TestAccessMatrix: every /api/ route the server registers, called as
// anonymous, as another account's member, with a forged X-Account-ID, with
// a forged X-DB-User-ID and with a revoked token, answers 401/403/404 or
// the caller's own data — never the victim's.
func TestAccessMatrix(t *testing.T) {
	t.Parallel()
	s := newAuthStack(t, stackOptions{DB: "postgres", NoWorker: true})
	ctx := context.Background()
	victim, vsid, vacct := s.session("victim@example.com")
	_, osid, oacct := s.session("other@example.com")
	// The victim's data.
	body, ct := fileBody(t, "secret-plan.txt", []byte(sampleTXT), nil)
	st, b := s.call(http.MethodPost, "/api/analyze", req{cookie: vsid, account: vacct, body: body, ctype: ct})
	if st != http.StatusAccepted {
		t.Fatalf("victim upload %d %s", st, b)
	}
	var v analysis.View
	_ = json.Unmarshal(b, &v)
	secret, tok, err := s.app.Auth.CreateToken(ctx, victim.ID, vacct, "ci")
	if err != nil {
		t.Fatal(err)
	}
	revokedSecret, rtok, _ := s.app.Auth.CreateToken(ctx, victim.ID, vacct, "old")
	if err := s.app.Auth.RevokeToken(ctx, victim.ID, rtok.ID); err != nil {
		t.Fatal(err)
	}
	// The victim's own token works (so the matrix is not vacuous).
	if st, b := s.call(http.MethodGet, "/api/document/"+v.ID, req{headers: map[string]string{"Authorization": "Bearer " + secret}}); st != http.StatusOK {
		t.Fatalf("victim token: %d %s", st, b)
	}
	leaks := []string{v.ID, "secret-plan", victim.ID, "victim@example.com", tok.ID, vacct}
	public := map[string]bool{
		"GET /api/health": true, "GET /api/config": true, "GET /api/openapi.json": true, "GET /api/openapi.yaml": true, "GET /api/auth/login": true, "POST /api/auth/token": true,
		"GET /api/auth/auth-info": true, "GET /api/auth/logout": true, "POST /api/auth/logout": true,
		"POST /api/demo/analyze": true, "GET /api/demo/analyze/:id": true, "POST /api/auth/refresh": false,
	}
	type who struct {
		name string
		r    req
	}
	callers := []who{
		{"anonymous", req{}},
		{"other member", req{cookie: osid, account: oacct}},
		{"forged X-Account-ID", req{cookie: osid, account: vacct}},
		{"forged X-DB-User-ID", req{headers: map[string]string{"X-DB-User-ID": victim.ID}}},
		{"forged X-DB-User-ID signed in", req{cookie: osid, account: oacct, headers: map[string]string{"X-DB-User-ID": victim.ID}}},
		{"revoked token", req{headers: map[string]string{"Authorization": "Bearer " + revokedSecret}}},
		{"token for another account", req{headers: map[string]string{"Authorization": "Bearer " + secret, "X-Account-ID": oacct}}},
	}
	n := 0
	for _, rt := range s.api.E.Routes() {
		if !strings.HasPrefix(rt.Path, "/api/") {
			continue
		}
		switch rt.Method {
		case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		default:
			continue
		}
		key := rt.Method + " " + rt.Path
		if strings.HasSuffix(rt.Path, "/auth/logout") {
			continue // would end the callers' sessions; public anyway
		}
		path := strings.ReplaceAll(rt.Path, ":id", v.ID)
		path = strings.ReplaceAll(path, "*", "x")
		for _, c := range callers {
			n++
			r := c.r
			hdr := map[string]string{"Origin": s.base}
			for k, v := range r.headers {
				hdr[k] = v
			}
			r.headers = hdr
			if rt.Method != http.MethodGet {
				r.body, r.ctype = strings.NewReader(`{"account_id":"`+vacct+`","api_key":"x"}`), "application/json"
			}
			st, b := s.call(rt.Method, path, r)
			body := string(b)
			for _, l := range leaks {
				if strings.Contains(body, l) {
					t.Errorf("%s as %s: %d leaks %q: %.300s", key, c.name, st, l, body)
				}
			}
			// A stale or forged X-Account-ID is ignored on the sign-in and
			// account-selection calls (they serve the user, not an
			// account), so the UI can repair its selection.
			selfOnly := c.name == "forged X-Account-ID" && strings.HasPrefix(rt.Path, "/api/auth/")
			if public[key] || selfOnly || c.name == "other member" || c.name == "forged X-DB-User-ID signed in" {
				// Own or public data is fine; victim data was checked above.
				if strings.Contains(rt.Path, ":id") && !public[key] && st < 400 && st != http.StatusNotFound {
					t.Errorf("%s as %s: %d on the victim's id", key, c.name, st)
				}
				continue
			}
			if st != http.StatusUnauthorized && st != http.StatusForbidden && st != http.StatusNotFound {
				t.Errorf("%s as %s: %d %.200s (want 401/403/404)", key, c.name, st, body)
			}
		}
	}
	// The repair path: a foreign selection does not block the account list.
	if st, b := s.call(http.MethodGet, "/api/auth/accounts", req{cookie: osid, account: vacct}); st != http.StatusOK || !strings.Contains(string(b), oacct) {
		t.Fatalf("accounts with a stale selection: %d %s", st, b)
	}
	if n < 100 {
		t.Fatalf("only %d calls: routes missing?", n)
	}
	// Nothing above changed the victim's data.
	if _, err := s.app.Repo.Get(ctx, vacct, v.ID); err != nil {
		t.Fatalf("victim analysis gone: %v", err)
	}
	if k, _ := s.app.Auth.UserByID(ctx, victim.ID); k.APIKeyCiphertext != "" {
		t.Fatal("victim's API key was set by someone else")
	}
	var live int64
	s.app.DB.DB.Model(&auth.AccessToken{}).Where("id = ? AND revoked_at IS NULL", tok.ID).Count(&live)
	if live != 1 {
		t.Fatal("victim's token was revoked by someone else")
	}
}

// TestAccessTokens: created in settings (secret shown once), listed without
// the secret, usable as Bearer on the token's account only, revocable.
func TestAccessTokens(t *testing.T) {
	t.Parallel()
	s := newAuthStack(t, stackOptions{NoWorker: true})
	_, sid, acct := s.session("tok@example.com")
	st, b := s.call(http.MethodPost, "/api/user-settings/tokens", req{cookie: sid, account: acct, body: strings.NewReader(`{"name":"ci"}`), ctype: "application/json", headers: map[string]string{"Origin": s.base}})
	var created map[string]any
	_ = json.Unmarshal(b, &created)
	secret, _ := created["token"].(string)
	if st != http.StatusCreated || !strings.HasPrefix(secret, auth.TokenPrefix) || created["account_id"] != acct {
		t.Fatalf("create: %d %s", st, b)
	}
	bearer := map[string]string{"Authorization": "Bearer " + secret}
	if st, b := s.call(http.MethodGet, "/api/recent", req{headers: bearer}); st != http.StatusOK {
		t.Fatalf("bearer: %d %s", st, b)
	}
	body, ct := fileBody(t, "p.txt", []byte(sampleTXT), nil)
	if st, b := s.call(http.MethodPost, "/api/analyze", req{headers: bearer, body: body, ctype: ct}); st != http.StatusAccepted {
		t.Fatalf("bearer analyze: %d %s", st, b)
	}
	// A token cannot mint tokens.
	if st, _ := s.call(http.MethodPost, "/api/user-settings/tokens", req{headers: bearer, body: strings.NewReader(`{}`), ctype: "application/json"}); st != http.StatusForbidden {
		t.Fatalf("token minted a token: %d", st)
	}
	st, b = s.call(http.MethodGet, "/api/user-settings/tokens", req{cookie: sid})
	if st != http.StatusOK || strings.Contains(string(b), secret) || !strings.Contains(string(b), `"name":"ci"`) {
		t.Fatalf("list: %d %s", st, b)
	}
	if st, b := s.call(http.MethodDelete, "/api/user-settings/tokens/"+created["id"].(string), req{cookie: sid, headers: map[string]string{"Origin": s.base}}); st != http.StatusOK {
		t.Fatalf("revoke: %d %s", st, b)
	}
	if st, _ := s.call(http.MethodGet, "/api/recent", req{headers: bearer}); st != http.StatusUnauthorized {
		t.Fatalf("revoked token: %d", st)
	}
	// Cross-site state changes with the cookie are refused.
	if st, _ := s.call(http.MethodPost, "/api/user-settings/tokens", req{cookie: sid, account: acct, body: strings.NewReader(`{}`), ctype: "application/json", headers: map[string]string{"Origin": "https://evil.example"}}); st != http.StatusForbidden {
		t.Fatalf("cross-site request: %d", st)
	}
}
