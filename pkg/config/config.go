// Package config loads SPADE's configuration from the environment and
// validates it at start, so that a bad setting stops the process with a
// clear message instead of failing on the first request.
package config

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/blob"
)

// Config is every setting SPADE reads. Field comments name the variable.
type Config struct {
	Addr        string // SPADE_ADDR
	DataDir     string // SPADE_DATA_DIR
	DatabaseURL string // SPADE_DATABASE_URL
	RedisURL    string // SPADE_REDIS_URL; empty = in-process Redis
	BlobURL     string // SPADE_BLOB_URL; empty = <data dir>/uploads
	PublicURL   string // SPADE_PUBLIC_URL
	UIDir       string // SPADE_UI_DIR

	LLMProvider string        // SPADE_LLM_PROVIDER: builtin | gemini | openai
	LLMModel    string        // SPADE_LLM_MODEL
	LLMBaseURL  string        // SPADE_LLM_BASE_URL
	LLMTimeout  time.Duration // SPADE_LLM_TIMEOUT
	// LLMRetryBudget bounds how long an analysis retries a busy or failing
	// AI provider (SPADE_LLM_RETRY_BUDGET).
	LLMRetryBudget time.Duration
	// LLMContextTokens is the model's context window in tokens
	// (SPADE_LLM_CONTEXT_TOKENS; 0: the known window of the model).
	LLMContextTokens int
	GeminiAPIKey     string // GEMINI_API_KEY
	OpenAIAPIKey     string // OPENAI_API_KEY
	LLMRPM           int    // SPADE_LLM_RPM; 0 = no shared request budget
	LLMTPM           int    // SPADE_LLM_TPM; 0 = no shared token budget

	OIDCIssuer        string // SPADE_OIDC_ISSUER; empty = built-in provider
	OIDCClientID      string // SPADE_OIDC_CLIENT_ID
	OIDCClientSecret  string // SPADE_OIDC_CLIENT_SECRET
	OIDCDiscoveryURL  string // SPADE_OIDC_DISCOVERY_URL
	MetricsAddr       string // SPADE_METRICS_ADDR
	DevProviderPublic bool   // SPADE_DEV_PROVIDER_PUBLIC
	SecretKey         string // SPADE_SECRET_KEY; generated into the data dir when empty
	MetricsToken      string // SPADE_METRICS_TOKEN
	WorkerConcurrency int    // SPADE_WORKER_CONCURRENCY
	// WorkerHeavy is SPADE_WORKER_HEAVY: how many heavy tasks (pictures,
	// large PDFs and BPMN files) one worker process runs at once; 0 takes
	// one per core, within the memory limit.
	WorkerHeavy       int
	TaskCheckInterval time.Duration
	SweepInterval     time.Duration // SPADE_SWEEP_INTERVAL
	DemoWait          time.Duration // SPADE_DEMO_WAIT
	LogFormat         string        // SPADE_LOG_FORMAT: text | json
	LogLevel          string        // SPADE_LOG_LEVEL
	ShutdownTimeout   time.Duration // SPADE_SHUTDOWN_TIMEOUT
	// Upload limits: the api enforces them and /api/config advertises
	// them, both from these fields.
	MaxDocumentBytes   int64
	MaxImageBytes      int64
	MaxBPMNBytes       int64
	MaxDemoBytes       int64
	DailyLimit         int // SPADE_DAILY_LIMIT
	TrialDays          int
	ExtractCacheDir    string
	OCRCommand         string // SPADE_OCR_COMMAND
	CookieSecureOption string // SPADE_COOKIE_SECURE: auto | always | never
	// MemoryLimit is SPADE_MEMORY_LIMIT in bytes, applied at start as the
	// Go runtime's soft memory limit (GOMEMLIMIT); 0 leaves Go's default.
	MemoryLimit int64
	// TrustedProxies are SPADE_TRUSTED_PROXIES: the addresses whose
	// X-Forwarded-For header the api believes (the demo's per-address
	// limit); empty trusts none.
	TrustedProxies []netip.Prefix
}

// Default upload limits (Config.Max…Bytes).
const (
	DefaultMaxDocumentBytes = 10 << 20
	DefaultMaxImageBytes    = 20 << 20
	DefaultMaxBPMNBytes     = 10 << 20
	DefaultMaxDemoBytes     = 10 << 20
)

// Var describes one environment variable for the README and `spade config`.
type Var struct {
	Name, Default, Meaning string
	Secret                 bool
}

// Vars lists every variable Load reads, in README order.
var Vars = []Var{
	{Name: "SPADE_ADDR", Default: "127.0.0.1:8080", Meaning: "listen address of the HTTP server"},
	{Name: "SPADE_DATA_DIR", Default: "./data", Meaning: "uploads, SQLite file, generated secret key, caches"},
	{Name: "SPADE_DATABASE_URL", Default: "SQLite file in the data dir", Meaning: "`postgres://…` for PostgreSQL, `sqlite:///path` or a file path for SQLite"},
	{Name: "SPADE_REDIS_URL", Default: "(unset: in-process Redis)", Meaning: "`redis://host:port/db` of the queue's Redis, or `redis-sentinel://host:port,host:port,host:port?master=NAME` for Redis Sentinel (fail-over)"},
	{Name: "SPADE_BLOB_URL", Default: "(unset: <data dir>/uploads)", Meaning: "where uploads are kept: `file:///path` or `s3://bucket?endpoint=…&region=…&use_path_style=true` (any S3-compatible store; credentials from `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`)"},
	{Name: "SPADE_PUBLIC_URL", Default: "http://<SPADE_ADDR>", Meaning: "external URL of the app (OIDC redirects, cookies' Secure flag)"},
	{Name: "SPADE_UI_DIR", Default: "./ui/dist", Meaning: "built web app served at /"},
	{Name: "SPADE_LLM_PROVIDER", Default: "builtin", Meaning: "`builtin` (offline), `gemini` or `openai` (any OpenAI-compatible endpoint)"},
	{Name: "SPADE_LLM_MODEL", Default: "per provider (gemini-2.0-flash, gpt-4o-mini)", Meaning: "model name"},
	{Name: "SPADE_LLM_BASE_URL", Default: "(vendor default)", Meaning: "base URL for OpenAI-compatible servers (Ollama, vLLM, LM Studio)"},
	{Name: "SPADE_LLM_TIMEOUT", Default: "120s", Meaning: "time-out of one LLM call"},
	{Name: "SPADE_LLM_CONTEXT_TOKENS", Default: "per model (Gemini 1,048,576; gpt-4o 128,000; unknown models 32,768)", Meaning: "context window of the model; longer documents are analysed in sections (by headings, else by size) merged into one model"},
	{Name: "SPADE_LLM_RETRY_BUDGET", Default: "5m", Meaning: "how long one analysis keeps retrying a rate-limited or failing AI provider (jittered back-off, Retry-After honoured; at most 8m); an unreachable base URL fails after 2 tries within 30 s"},
	{Name: "SPADE_LLM_RPM", Default: "0 (no limit)", Meaning: "requests per minute to the LLM vendor, per key, shared by every worker (token bucket in Redis); calls over it wait instead of getting a 429"},
	{Name: "SPADE_LLM_TPM", Default: "0 (no limit)", Meaning: "tokens per minute to the LLM vendor, per key, shared by every worker"},
	{Name: "GEMINI_API_KEY", Default: "", Meaning: "system key for Gemini", Secret: true},
	{Name: "OPENAI_API_KEY", Default: "", Meaning: "system key for the OpenAI-compatible endpoint", Secret: true},
	{Name: "SPADE_OIDC_ISSUER", Default: "(unset: built-in provider)", Meaning: "issuer URL of any OpenID Connect provider"},
	{Name: "SPADE_OIDC_CLIENT_ID", Default: "spade", Meaning: "OIDC client id"},
	{Name: "SPADE_OIDC_CLIENT_SECRET", Default: "", Meaning: "OIDC client secret (empty for public clients with PKCE)", Secret: true},
	{Name: "SPADE_OIDC_DISCOVERY_URL", Default: "(the issuer)", Meaning: "where the server fetches the provider's discovery document when it reaches the provider at another address than browsers do (containers)"},
	{Name: "SPADE_DEV_PROVIDER_PUBLIC", Default: "0", Meaning: "`1` lets the built-in demo provider serve on a non-loopback address"},
	{Name: "SPADE_SECRET_KEY", Default: "generated into the data dir", Meaning: "32-byte key (hex or base64) that encrypts user API keys", Secret: true},
	{Name: "SPADE_METRICS_TOKEN", Default: "", Meaning: "bearer token a Prometheus scraper may use for /metrics", Secret: true},
	{Name: "SPADE_METRICS_ADDR", Default: "(unset)", Meaning: "extra listen address serving /metrics from `spade worker` processes"},
	{Name: "SPADE_WORKER_CONCURRENCY", Default: "4", Meaning: "analyses processed at once per worker process"},
	{Name: "SPADE_WORKER_HEAVY", Default: "0 (one per core, at most one per 512 MiB of `SPADE_MEMORY_LIMIT`)", Meaning: "heavy analyses (pictures, PDFs from 4 MB, DOCX/DOC from 1 MB, TXT from 2 MB, BPMN files from 1 MB) processed at once per worker process, within `SPADE_WORKER_CONCURRENCY`; the others wait while light ones go on"},
	{Name: "SPADE_TASK_CHECK_INTERVAL", Default: "1s", Meaning: "how often an idle worker asks Redis for tasks it was not woken for (an enqueue wakes workers at once; this bounds the delay of a lost wake)"},
	{Name: "SPADE_SWEEP_INTERVAL", Default: "30s", Meaning: "how often unfinished analyses without a live task are enqueued again"},
	{Name: "SPADE_DEMO_WAIT", Default: "20s", Meaning: "how long the demo endpoint waits for a diagram before answering `timeout`"},
	{Name: "SPADE_DAILY_LIMIT", Default: "5", Meaning: "analyze calls per UTC day for Free members (trial or own key)"},
	{Name: "SPADE_TRIAL_DAYS", Default: "14", Meaning: "length of the free trial"},
	{Name: "SPADE_CACHE_DIR", Default: "<data dir>/cache", Meaning: "compiled PDF engine cache (makes worker start-up fast)"},
	{Name: "SPADE_OCR_COMMAND", Default: "tesseract", Meaning: "OCR program the builtin analyzer runs on images"},
	{Name: "SPADE_COOKIE_SECURE", Default: "auto", Meaning: "`auto` (Secure when SPADE_PUBLIC_URL is https), `always`, `never`"},
	{Name: "SPADE_LOG_FORMAT", Default: "text (serve), json (api, worker)", Meaning: "`text` or `json`"},
	{Name: "SPADE_LOG_LEVEL", Default: "info", Meaning: "`debug`, `info`, `warn`, `error`"},
	{Name: "SPADE_SHUTDOWN_TIMEOUT", Default: "25s", Meaning: "grace period for in-flight requests and tasks on SIGTERM"},
	{Name: "SPADE_MEMORY_LIMIT", Default: "(unset: Go's default, or `GOMEMLIMIT`)", Meaning: "soft memory limit of each process (`1500MiB`, `2GiB`, or bytes), set as the Go runtime's GOMEMLIMIT at start: near it the garbage collector works harder instead of letting the heap grow; set it to about 80 % of the memory a container may use"},
	{Name: "SPADE_TRUSTED_PROXIES", Default: "(unset: none)", Meaning: "comma-separated addresses or CIDRs of reverse proxies in front of the api (`10.0.0.5,192.168.1.0/24`); only from them is `X-Forwarded-For` believed, for the demo's per-address daily limit"},
}

// Load reads the environment. defaultLog is the log format when
// SPADE_LOG_FORMAT is unset.
func Load(defaultLog string) (*Config, error) { return LoadFrom(os.Getenv, defaultLog) }

// LoadFrom reads the variables through getenv (an empty value is unset),
// so that tests can build a configuration without touching the process
// environment (and run in parallel).
func LoadFrom(getenv func(string) string, defaultLog string) (*Config, error) {
	c := &Config{
		Addr:               env(getenv, "SPADE_ADDR", "127.0.0.1:8080"),
		DataDir:            env(getenv, "SPADE_DATA_DIR", "./data"),
		DatabaseURL:        getenv("SPADE_DATABASE_URL"),
		RedisURL:           getenv("SPADE_REDIS_URL"),
		BlobURL:            getenv("SPADE_BLOB_URL"),
		PublicURL:          getenv("SPADE_PUBLIC_URL"),
		UIDir:              env(getenv, "SPADE_UI_DIR", "./ui/dist"),
		LLMProvider:        strings.ToLower(env(getenv, "SPADE_LLM_PROVIDER", "builtin")),
		LLMModel:           getenv("SPADE_LLM_MODEL"),
		LLMBaseURL:         getenv("SPADE_LLM_BASE_URL"),
		GeminiAPIKey:       getenv("GEMINI_API_KEY"),
		OpenAIAPIKey:       getenv("OPENAI_API_KEY"),
		OIDCIssuer:         getenv("SPADE_OIDC_ISSUER"),
		OIDCClientID:       env(getenv, "SPADE_OIDC_CLIENT_ID", "spade"),
		OIDCClientSecret:   getenv("SPADE_OIDC_CLIENT_SECRET"),
		OIDCDiscoveryURL:   getenv("SPADE_OIDC_DISCOVERY_URL"),
		MetricsAddr:        getenv("SPADE_METRICS_ADDR"),
		SecretKey:          getenv("SPADE_SECRET_KEY"),
		MetricsToken:       getenv("SPADE_METRICS_TOKEN"),
		LogFormat:          env(getenv, "SPADE_LOG_FORMAT", defaultLog),
		LogLevel:           env(getenv, "SPADE_LOG_LEVEL", "info"),
		OCRCommand:         env(getenv, "SPADE_OCR_COMMAND", "tesseract"),
		CookieSecureOption: env(getenv, "SPADE_COOKIE_SECURE", "auto"),
		MaxDocumentBytes:   DefaultMaxDocumentBytes,
		MaxImageBytes:      DefaultMaxImageBytes,
		MaxBPMNBytes:       DefaultMaxBPMNBytes,
		MaxDemoBytes:       DefaultMaxDemoBytes,
	}
	var errs []error
	c.DevProviderPublic = boolEnv(getenv, "SPADE_DEV_PROVIDER_PUBLIC", &errs)
	c.WorkerConcurrency = intEnv(getenv, "SPADE_WORKER_CONCURRENCY", 4, &errs)
	c.WorkerHeavy = intEnv(getenv, "SPADE_WORKER_HEAVY", 0, &errs)
	c.DailyLimit = intEnv(getenv, "SPADE_DAILY_LIMIT", 5, &errs)
	c.TrialDays = intEnv(getenv, "SPADE_TRIAL_DAYS", 14, &errs)
	c.LLMRPM = intEnv(getenv, "SPADE_LLM_RPM", 0, &errs)
	c.LLMTPM = intEnv(getenv, "SPADE_LLM_TPM", 0, &errs)
	c.LLMTimeout = durEnv(getenv, "SPADE_LLM_TIMEOUT", 120*time.Second, &errs)
	c.LLMContextTokens = intEnv(getenv, "SPADE_LLM_CONTEXT_TOKENS", 0, &errs)
	if c.LLMContextTokens < 0 || c.LLMContextTokens > 0 && c.LLMContextTokens < 2048 {
		errs = append(errs, fmt.Errorf("SPADE_LLM_CONTEXT_TOKENS=%d: want 0 (the model's known window) or at least 2048", c.LLMContextTokens))
	}
	c.LLMRetryBudget = durEnv(getenv, "SPADE_LLM_RETRY_BUDGET", 5*time.Minute, &errs)
	if c.LLMRetryBudget <= 0 || c.LLMRetryBudget > 8*time.Minute {
		// An analysis task may run 10 minutes; the budget leaves room for
		// the calls themselves.
		errs = append(errs, fmt.Errorf("SPADE_LLM_RETRY_BUDGET=%s: want a duration above 0 and at most 8m", c.LLMRetryBudget))
	}
	c.TaskCheckInterval = durEnv(getenv, "SPADE_TASK_CHECK_INTERVAL", time.Second, &errs)
	c.SweepInterval = durEnv(getenv, "SPADE_SWEEP_INTERVAL", 30*time.Second, &errs)
	c.DemoWait = durEnv(getenv, "SPADE_DEMO_WAIT", 20*time.Second, &errs)
	c.ShutdownTimeout = durEnv(getenv, "SPADE_SHUTDOWN_TIMEOUT", 25*time.Second, &errs)
	if v := getenv("SPADE_MEMORY_LIMIT"); v != "" {
		n, err := ParseSize(v)
		if err != nil || n < 64<<20 {
			errs = append(errs, fmt.Errorf("SPADE_MEMORY_LIMIT=%q: want a size of at least 64MiB, such as 1500MiB or 2GiB", v))
		}
		c.MemoryLimit = n
	}
	if v := getenv("SPADE_TRUSTED_PROXIES"); v != "" {
		for _, f := range strings.Split(v, ",") {
			f = strings.TrimSpace(f)
			if f == "" {
				continue
			}
			p, err := netip.ParsePrefix(f)
			if err != nil {
				a, aerr := netip.ParseAddr(f)
				if aerr != nil {
					errs = append(errs, fmt.Errorf("SPADE_TRUSTED_PROXIES: %q is neither an IP address nor a CIDR", f))
					continue
				}
				p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
			}
			c.TrustedProxies = append(c.TrustedProxies, p.Masked())
		}
	}

	if c.DatabaseURL == "" {
		c.DatabaseURL = "sqlite://" + filepath.Join(c.DataDir, "spade.db")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	c.ExtractCacheDir = env(getenv, "SPADE_CACHE_DIR", filepath.Join(c.DataDir, "cache"))
	if err := c.validate(); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("configuration: %w", errors.Join(errs...))
	}
	return c, nil
}

// validate reports every setting out of range, in the order of the
// checks: provider, addresses, worker and limits, formats.
func (c *Config) validate() error {
	var errs []error
	errs = append(errs, c.validateProvider()...)
	errs = append(errs, c.validateAddresses()...)
	errs = append(errs, c.validateLimits()...)
	errs = append(errs, c.validateFormats()...)
	return errors.Join(errs...)
}

// validateProvider checks the LLM provider and that it has a key (or,
// for openai, a local server).
func (c *Config) validateProvider() []error {
	var errs []error
	switch c.LLMProvider {
	case "builtin", "gemini", "openai":
	default:
		errs = append(errs, fmt.Errorf("SPADE_LLM_PROVIDER=%q: want builtin, gemini or openai", c.LLMProvider))
	}
	if c.LLMProvider == "gemini" && c.GeminiAPIKey == "" {
		errs = append(errs, errors.New("SPADE_LLM_PROVIDER=gemini needs GEMINI_API_KEY"))
	}
	if c.LLMProvider == "openai" && c.OpenAIAPIKey == "" && c.LLMBaseURL == "" {
		errs = append(errs, errors.New("SPADE_LLM_PROVIDER=openai needs OPENAI_API_KEY or SPADE_LLM_BASE_URL (a local server)"))
	}
	return errs
}

// validateAddresses checks the public URL, the Redis URL and the blob
// store URL.
func (c *Config) validateAddresses() []error {
	var errs []error
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("SPADE_PUBLIC_URL=%q: want an absolute http(s) URL", c.PublicURL))
	}
	if err := validateRedisURL(c.RedisURL); err != nil {
		errs = append(errs, err)
	}
	if err := blob.Validate(c.BlobURL); err != nil {
		errs = append(errs, fmt.Errorf("SPADE_BLOB_URL=%q: %w", blob.Redact(c.BlobURL), err))
	}
	return errs
}

// validateRedisURL checks a Redis URL ("" is none: the in-process one).
func validateRedisURL(redisURL string) error {
	if redisURL == "" {
		return nil
	}
	// A sentinel URL lists several hosts, which net/url cannot parse;
	// pkg/queue reads it (and reports its errors at start).
	if strings.HasPrefix(redisURL, "redis-sentinel://") {
		if !strings.Contains(redisURL, "master=") {
			return fmt.Errorf("SPADE_REDIS_URL=%q: a redis-sentinel URL needs ?master=NAME", redisURL)
		}
		return nil
	}
	if u, err := url.Parse(redisURL); err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") {
		return fmt.Errorf("SPADE_REDIS_URL=%q: want redis://host:port/db or redis-sentinel://host:port,host:port?master=name", redisURL)
	}
	return nil
}

// validateLimits checks the worker's sizes, the LLM rate budget, the
// daily limit and the intervals.
func (c *Config) validateLimits() []error {
	var errs []error
	if c.WorkerConcurrency < 1 || c.WorkerConcurrency > 1000 {
		errs = append(errs, fmt.Errorf("SPADE_WORKER_CONCURRENCY=%d: want 1..1000", c.WorkerConcurrency))
	}
	if c.WorkerHeavy < 0 || c.WorkerHeavy > 1000 {
		errs = append(errs, fmt.Errorf("SPADE_WORKER_HEAVY=%d: want 0 (one per core) to 1000", c.WorkerHeavy))
	}
	if c.LLMRPM < 0 || c.LLMTPM < 0 {
		errs = append(errs, fmt.Errorf("SPADE_LLM_RPM=%d, SPADE_LLM_TPM=%d: want 0 (no limit) or more", c.LLMRPM, c.LLMTPM))
	}
	if c.DailyLimit < 1 {
		errs = append(errs, fmt.Errorf("SPADE_DAILY_LIMIT=%d: want at least 1", c.DailyLimit))
	}
	if c.TaskCheckInterval <= 0 || c.SweepInterval <= 0 {
		errs = append(errs, errors.New("SPADE_TASK_CHECK_INTERVAL and SPADE_SWEEP_INTERVAL must be positive"))
	}
	return errs
}

// validateFormats checks the log format and the cookie option.
func (c *Config) validateFormats() []error {
	var errs []error
	switch c.LogFormat {
	case "text", "json":
	default:
		errs = append(errs, fmt.Errorf("SPADE_LOG_FORMAT=%q: want text or json", c.LogFormat))
	}
	switch c.CookieSecureOption {
	case "auto", "always", "never":
	default:
		errs = append(errs, fmt.Errorf("SPADE_COOKIE_SECURE=%q: want auto, always or never", c.CookieSecureOption))
	}
	return errs
}

// SecureCookies reports whether cookies get the Secure attribute.
func (c *Config) SecureCookies() bool {
	switch c.CookieSecureOption {
	case "always":
		return true
	case "never":
		return false
	}
	return strings.HasPrefix(c.PublicURL, "https://")
}

// Masked returns the configuration as name → value with secrets masked, for
// logging at start.
func (c *Config) Masked() map[string]string {
	mask := func(s string) string {
		if s == "" {
			return ""
		}
		return "****"
	}
	return map[string]string{
		"addr": c.Addr, "data_dir": c.DataDir, "database": redactURL(c.DatabaseURL),
		"redis": redactURL(c.RedisURL), "public_url": c.PublicURL, "llm_provider": c.LLMProvider,
		"llm_model": c.LLMModel, "llm_base_url": c.LLMBaseURL, "gemini_api_key": mask(c.GeminiAPIKey),
		"openai_api_key": mask(c.OpenAIAPIKey), "oidc_issuer": c.OIDCIssuer,
		"oidc_client_secret": mask(c.OIDCClientSecret), "secret_key": mask(c.SecretKey),
		"worker_concurrency": strconv.Itoa(c.WorkerConcurrency),
	}
}

func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "****")
	}
	return u.String()
}

func env(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}

// ParseSize reads a byte size: a whole number with an optional unit B,
// KB, MB, GB (powers of 1000) or KiB, MiB, GiB (powers of 1024).
func ParseSize(v string) (int64, error) {
	v = strings.TrimSpace(v)
	i := len(v)
	for i > 0 && (v[i-1] < '0' || v[i-1] > '9') {
		i--
	}
	num, unit := v[:i], strings.ToLower(strings.TrimSpace(v[i:]))
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q: not a size", v)
	}
	mult := map[string]int64{"": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30}[unit]
	if mult == 0 {
		return 0, fmt.Errorf("%q: unknown unit %q (want B, KB, MB, GB, KiB, MiB or GiB)", v, unit)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("%q: too large", v)
	}
	return n * mult, nil
}

func intEnv(getenv func(string) string, name string, def int, errs *[]error) int {
	v := getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s=%q: not a whole number", name, v))
		return def
	}
	return n
}

func durEnv(getenv func(string) string, name string, def time.Duration, errs *[]error) time.Duration {
	v := getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s=%q: not a duration like 30s or 5m", name, v))
		return def
	}
	return d
}

func boolEnv(getenv func(string) string, name string, errs *[]error) bool {
	v := getenv(name)
	if v == "" {
		return false
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s=%q: want 1 or 0", name, v))
	}
	return b
}
