// Package benchapi holds what the load and memory benchmarks share: a
// user with an unlimited plan and an access token made straight in the
// database, a small client of SPADE's upload and poll API, and the
// resident memory of a process.
package benchapi

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/db"
)

// User names the benchmark's user; each benchmark has its own.
type User struct {
	Subject, Email, Name string
}

// CreateUser makes u with an unlimited plan and an access token named
// tokenName in the database at dbURL, and returns the token's secret.
func CreateUser(dbURL string, u User, tokenName string) (string, error) {
	d, err := db.Open(dbURL)
	if err != nil {
		return "", err
	}
	defer d.Close()
	ctx := context.Background()
	st := auth.NewStore(d.DB)
	usr, _, err := st.UpsertUser(ctx, auth.User{Issuer: "bench", Subject: u.Subject, Email: u.Email, Name: u.Name})
	if err != nil {
		return "", err
	}
	accs, err := st.Accounts(ctx, usr.ID)
	if err != nil || len(accs) == 0 {
		return "", fmt.Errorf("no account for the bench user %s: %v", u.Email, err)
	}
	d.Exec(`UPDATE users SET membership_type = 'Standard' WHERE id = ?`, usr.ID)
	d.Exec(`UPDATE accounts SET membership_type = 'Standard' WHERE id = ?`, accs[0].ID)
	secret, _, err := st.CreateToken(ctx, usr.ID, accs[0].ID, tokenName)
	return secret, err
}

// Client uploads documents to a SPADE server and waits for their
// analyses, with an access token.
type Client struct {
	Base, Token string
	// HTTP is the client used; nil means http.DefaultClient.
	HTTP *http.Client
	// PollEvery is Wait's interval between polls (0: 100 ms).
	PollEvery time.Duration
}

func (c *Client) do(req *http.Request) (*http.Response, error) {
	req.Header.Set("Authorization", "Bearer "+c.Token)
	if c.HTTP != nil {
		return c.HTTP.Do(req)
	}
	return http.DefaultClient.Do(req)
}

// Upload posts data as the file name to path (e.g. /api/analyze) and
// returns the analysis id of the 202 answer.
func (c *Client) Upload(path, name string, data []byte) (string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, c.Base+path, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	res, err := c.do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var v struct{ ID, Detail string }
	_ = json.NewDecoder(res.Body).Decode(&v)
	if res.StatusCode != http.StatusAccepted {
		return "", fmt.Errorf("upload: %d %s", res.StatusCode, v.Detail)
	}
	return v.ID, nil
}

// Wait polls the analysis every 100 ms until it failed, or completed
// with its diagram drawn, or d has passed.
func (c *Client) Wait(id string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequest(http.MethodGet, c.Base+"/api/document/"+id, nil)
		res, err := c.do(req)
		if err == nil {
			var v struct {
				Status, Detail string
				Graph          struct{ Status string }
			}
			_ = json.NewDecoder(res.Body).Decode(&v)
			res.Body.Close()
			if v.Status == "failed" {
				return fmt.Errorf("analysis %s failed: %s", id, v.Detail)
			}
			if v.Status == "completed" && v.Graph.Status != "pending" && v.Graph.Status != "building" {
				return nil
			}
		}
		time.Sleep(cmp.Or(c.PollEvery, 100*time.Millisecond))
	}
	return fmt.Errorf("analysis %s not finished after %s", id, d)
}

// RSSKB reads the VmRSS of a process, in KiB; 0 when it cannot be read.
func RSSKB(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for l := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			v, _ := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			return v
		}
	}
	return 0
}
