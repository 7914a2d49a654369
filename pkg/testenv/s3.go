package testenv

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// VersityGWVersion is the S3-compatible test server SPADE's tests run.
const VersityGWVersion = "v1.8.0"

// VersityGWInstall is the command that installs it where the tests look.
const VersityGWInstall = "GOBIN=$HOME/.cache/spade-tools/bin go install github.com/versity/versitygw/cmd/versitygw@" + VersityGWVersion + " (scripts/ensure-system.sh does this)"

// S3 test credentials; the server only listens on loopback.
const (
	S3AccessKey = "spadetest"
	S3SecretKey = "spadetest-secret"
)

// ToolsDir is where scripts/ensure-system.sh installs Go-built test tools.
func ToolsDir() string {
	if d := os.Getenv("SPADE_TOOLS_DIR"); d != "" {
		return d
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "spade-tools", "bin")
	}
	return filepath.Join(c, "spade-tools", "bin")
}

// VersityGW finds the versitygw binary on PATH or in ToolsDir.
func VersityGW() (string, error) {
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p, nil
	}
	p := filepath.Join(ToolsDir(), "versitygw")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("versitygw not found on PATH or in %s", ToolsDir())
	}
	return p, nil
}

// S3Server is a versitygw process serving a posix directory: each
// subdirectory of Dir is a bucket.
type S3Server struct {
	Endpoint string // http://127.0.0.1:port
	Port     int
	Dir      string
	bin      string
	cmd      *exec.Cmd
}

// S3 starts an S3-compatible server on a free loopback port with one
// bucket, sets AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY for the test, and
// returns it; the server stops when the test ends. A missing versitygw
// fails the test with the install command (or skips with
// SPADE_TEST_ALLOW_SKIP=1).
func S3(t testing.TB, bucket string) *S3Server {
	t.Helper()
	bin, err := VersityGW()
	if err != nil {
		missing(t, "versitygw ("+err.Error()+"; install: "+VersityGWInstall+")")
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, bucket), 0o750); err != nil {
		t.Fatal(err)
	}
	s := &S3Server{Dir: dir, Port: FreePort(t), bin: bin}
	s.Endpoint = "http://127.0.0.1:" + strconv.Itoa(s.Port)
	if err := s.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	t.Setenv("AWS_ACCESS_KEY_ID", S3AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", S3SecretKey)
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	return s
}

// URL is the SPADE_BLOB_URL of bucket on this server.
func (s *S3Server) URL(bucket string) string {
	return "s3://" + bucket + "?endpoint=" + s.Endpoint + "&region=us-east-1&use_path_style=true"
}

// Start (re)starts the server on its port and directory.
func (s *S3Server) Start() error {
	if s.cmd != nil {
		return errors.New("s3 server already running")
	}
	cmd := exec.Command(s.bin, "--port", "127.0.0.1:"+strconv.Itoa(s.Port), "posix", s.Dir)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+S3AccessKey, "ROOT_SECRET_KEY="+S3SecretKey)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start versitygw: %w", err)
	}
	s.cmd = cmd
	if err := waitTCP(s.Port, 20*time.Second); err != nil {
		s.Stop()
		return fmt.Errorf("versitygw did not start: %w", err)
	}
	return nil
}

// Stop kills the server (a store that is down).
func (s *S3Server) Stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
		s.cmd = nil
	}
	// Wait for the port to close so that callers see "down" at once.
	for i := 0; i < 100; i++ {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(s.Port), 50*time.Millisecond)
		if err != nil {
			return
		}
		c.Close()
		time.Sleep(10 * time.Millisecond)
	}
}
