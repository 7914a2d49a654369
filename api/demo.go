package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"path/filepath"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/spade-bpmn/spade/pkg/analysis"
	"github.com/spade-bpmn/spade/pkg/auth"
	"github.com/spade-bpmn/spade/pkg/config"
	"github.com/spade-bpmn/spade/pkg/failure"
	"github.com/spade-bpmn/spade/pkg/membership"
)

// DemoAccountID owns every anonymous demo analysis; no user belongs to it,
// so the signed-in routes never show them.
const DemoAccountID = "demo"

// Demo texts (spec part 2 §4, §5, §8).
const (
	demoLimitDocument = "You've reached the daily limit for demo analyses. Register for more uses!"
	demoLimitImage    = "Demo limit reached. Register for more analyses!"
	demoTimeout       = "BPMN generation taking longer than expected"
	demoDefaultName   = "Process Analysis"
	demoImageMessage  = "Please upload a JPG, JPEG, or PNG file"
	demoTTL           = 24 * time.Hour
	// demoPerAddress bounds demos from one network address per day: a
	// script inventing a device id for every call gets no more than this
	// (it was 30, and every demo may cost a worker minutes). A household
	// or small office behind one address still gets a demo per person;
	// behind a reverse proxy, configure SPADE_TRUSTED_PROXIES so that the
	// visitors' own addresses count, not the proxy's.
	demoPerAddress = 5
)

// DemoUpload is what the demo accepts: documents, and images including GIF
// and BMP, all up to config.Config.MaxDemoBytes.
var DemoUpload = UploadKind{Noun: "document or image", Limit: config.DefaultMaxDemoBytes,
	TypeMessage: demoTypeMessage, Detect: detectDemo, Fields: []string{"analysis_type"}}

const demoTypeMessage = "Please upload a PDF, DOC, DOCX, or TXT document, or a JPG, JPEG, or PNG image"

func detectDemo(filename string, head []byte) (string, error) {
	if t, err := detectDocument(filename, head); err == nil {
		return t, nil
	}
	if t, err := detectImage(filename, head); err == nil {
		return t, nil
	}
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(filename), "."))
	switch {
	case ext == "gif" && (bytes.HasPrefix(head, []byte("GIF87a")) || bytes.HasPrefix(head, []byte("GIF89a"))):
		return "image/gif", nil
	case ext == "bmp" && bytes.HasPrefix(head, []byte("BM")) && len(head) > 26:
		return "image/bmp", nil
	}
	return "", failure.Permanent(demoTypeMessage, nil)
}

// DemoAPI is the anonymous demo. cmd/spade appends Mount to Deps.Mounts.
type DemoAPI struct {
	// Ledger counts the demos per device and address per day.
	Ledger *membership.Ledger
	// Wait is how long POST waits for the diagram before answering timeout.
	Wait time.Duration
	// Poll is how often it looks (default 100 ms).
	Poll time.Duration
}

// demoView is the demo answer (both POST and GET).
type demoView struct {
	ID               string  `json:"id"`
	Status           string  `json:"status"`
	BPMNXML          *string `json:"bpmn_xml"`
	ProcessName      string  `json:"process_name"`
	OriginalFilename string  `json:"original_filename"`
	Message          string  `json:"message,omitempty"`
	Detail           string  `json:"detail,omitempty"`
	Stage            string  `json:"stage"`
	CurrentStage     string  `json:"current_stage"`
	Progress         int     `json:"progress"`
}

// Mount registers the demo routes (no sign-in).
func (d *DemoAPI) Mount(s *Server) {
	if d.Poll <= 0 {
		d.Poll = 100 * time.Millisecond
	}
	s.API.POST("/demo/analyze", d.analyze(s))
	s.limitUpload(http.MethodPost, "/api/demo/analyze", s.uploads.demo)
	s.API.GET("/demo/analyze/:id", d.get(s))
}

// clientAddr is the address the demo's per-address limit counts: the
// peer's, or, when the peer is a configured trusted proxy
// (SPADE_TRUSTED_PROXIES), the nearest address in X-Forwarded-For that is
// not one of them. Without trusted proxies the header is ignored: any
// client can write it. An IPv6 address counts as its /64, which one
// machine usually owns whole.
func clientAddr(c echo.Context, trusted []netip.Prefix) string {
	r := c.Request()
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	addr := peer.Unmap()
	if isTrusted(addr, trusted) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				// A malformed hop: keep the last proxy's address rather
				// than believe anything further left.
				break
			}
			addr = hop.Unmap()
			if !isTrusted(addr, trusted) {
				break
			}
		}
	}
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// validDeviceID reports whether id has the form the web app makes (a hash
// of browser traits and a random part, lib/device-id.ts): 8 lower-case hex
// digits, a dash, 8 to 64 more.
func validDeviceID(id string) bool {
	head, tail, ok := strings.Cut(id, "-")
	hex := func(s string) bool {
		for _, r := range s {
			if (r < '0' || r > '9') && (r < 'a' || r > 'f') {
				return false
			}
		}
		return true
	}
	return ok && len(head) == 8 && len(tail) >= 8 && len(tail) <= 64 && hex(head) && hex(tail)
}

// demoSubjects are the ledger counters of one demo call: the device (with
// its address, so that a copied device id does not block someone else) and
// the address alone. A missing or malformed device id is no device: all
// such calls from one address share one device counter, so a script
// sending none (or garbage) gets one demo a day per address, and one
// inventing well-formed ids gets at most demoPerAddress.
func demoSubjects(c echo.Context, trusted []netip.Prefix) (device, address string) {
	dev := strings.TrimSpace(c.Request().Header.Get("X-Device-ID"))
	if !validDeviceID(dev) {
		dev = ""
	}
	addr := clientAddr(c, trusted)
	h := sha256.Sum256([]byte(dev + "|" + addr))
	a := sha256.Sum256([]byte(addr))
	return "demo-dev:" + hex.EncodeToString(h[:16]), "demo-addr:" + hex.EncodeToString(a[:16])
}

// claim takes today's one demo for this device and one of the address's
// demos, both charged to id in the database (a flushed Redis does not
// reset them). It answers the id of the earlier demo when the device's
// quota is used up.
func (d *DemoAPI) claim(ctx context.Context, dev, addr, day, id string) (bool, string, error) {
	err := d.Ledger.Take(ctx, dev, day, 1, id)
	if errors.Is(err, membership.ErrLimitReached) {
		prev, _ := d.Ledger.FirstCharge(ctx, dev, day)
		return false, prev, nil
	}
	if err != nil {
		return false, "", err
	}
	err = d.Ledger.Take(ctx, addr, day, demoPerAddress, id)
	if err == nil {
		return true, "", nil
	}
	d.unclaim(id)
	if errors.Is(err, membership.ErrLimitReached) {
		return false, "", nil
	}
	return false, "", err
}

// unclaim gives the demo back (the analysis could not be created, or it
// failed on our side).
func (d *DemoAPI) unclaim(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, _ = d.Ledger.Refund(ctx, id)
}

func (d *DemoAPI) analyze(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		up, fields, err := ReadUpload(c, s.uploads.demo)
		if err != nil {
			var he *httpError
			if errors.As(err, &he) && he.status == http.StatusUnsupportedMediaType {
				return errStatus(http.StatusBadRequest, "File validation failed: "+he.detail)
			}
			return err
		}
		typ := strings.ToLower(strings.TrimSpace(fields["analysis_type"]))
		if typ == "" {
			typ = c.QueryParam("analysis_type")
		}
		isImage := strings.HasPrefix(up.ContentType, "image/")
		switch typ {
		case "", analysis.TypeDocument, "text":
			if typ == "" && isImage {
				typ = analysis.TypeImage
			} else if isImage {
				return errStatus(http.StatusBadRequest, "File validation failed: Please upload a PDF, DOC, DOCX, or TXT file")
			} else {
				typ = analysis.TypeDocument
			}
		case analysis.TypeImage:
			if !isImage {
				return errStatus(http.StatusBadRequest, "File validation failed: "+demoImageMessage)
			}
		default:
			return errStatus(http.StatusBadRequest, "analysis_type must be document or image.")
		}
		ctx := c.Request().Context()
		var trusted []netip.Prefix
		if s.Config != nil {
			trusted = s.Config.TrustedProxies
		}
		devKey, addrKey := demoSubjects(c, trusted)
		id := newDemoID()
		ok, prev, err := d.claim(ctx, devKey, addrKey, membership.Day(time.Now()), id)
		if err != nil {
			return errStatus(http.StatusServiceUnavailable, "The demo is unavailable right now. Please try again in a moment.")
		}
		if !ok {
			msg := demoLimitDocument
			if typ == analysis.TypeImage {
				msg = demoLimitImage
			}
			return c.JSON(http.StatusTooManyRequests, DemoLimit{Detail: msg, Message: msg, Status: "limit_reached", PreviousID: prev})
		}
		a, err := s.CreateAnalysis(ctx, id, DemoAccountID, "", typ, up, true)
		if err != nil {
			d.unclaim(id)
			return err
		}
		a = d.wait(ctx, s, a)
		return d.answer(c, a)
	}
}

func newDemoID() string {
	// Random 122-bit UUIDs: unguessable, and the GET answers only demo rows.
	return "demo-" + strings.ReplaceAll(auth.NewID(), "-", "")
}

// wait polls the row until the diagram is done, the analysis failed, the
// wait is over or the client left.
func (d *DemoAPI) wait(ctx context.Context, s *Server, a *analysis.Analysis) *analysis.Analysis {
	deadline := time.NewTimer(d.Wait)
	defer deadline.Stop()
	tick := time.NewTicker(d.Poll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return a
		case <-deadline.C:
			return a
		case <-tick.C:
			fresh, err := s.Repo.Get(ctx, DemoAccountID, a.ID)
			if err != nil {
				continue
			}
			a = fresh
			if a.Finished() {
				return a
			}
		}
	}
}

func (d *DemoAPI) answer(c echo.Context, a *analysis.Analysis) error {
	v := demoView{ID: a.ID, Status: a.Status, ProcessName: a.ProcessName, OriginalFilename: a.OriginalFilename,
		Stage: a.Stage, CurrentStage: a.CurrentStage, Progress: a.Progress}
	if v.ProcessName == "" {
		v.ProcessName = demoDefaultName
	}
	switch {
	case a.Status == analysis.StatusFailed:
		v.Detail, v.Message = a.Detail, a.Detail
		if v.Detail == "" {
			v.Detail = "The analysis failed."
			v.Message = v.Detail
		}
		return c.JSON(http.StatusUnprocessableEntity, v)
	case a.BPMNXML != "" && a.GraphStatus == analysis.GraphCompleted:
		x := a.BPMNXML
		v.BPMNXML, v.Status = &x, analysis.StatusCompleted
	case a.Finished():
		v.Message = "The analysis finished, but no process model could be drawn from this file."
	default:
		v.Status, v.Message = "timeout", demoTimeout
	}
	return c.JSON(http.StatusOK, v)
}

func (d *DemoAPI) get(s *Server) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Param("id")
		if !strings.HasPrefix(id, "demo-") || len(id) > 64 {
			return errStatus(http.StatusNotFound, "Demo analysis not found")
		}
		a, err := s.Repo.Get(c.Request().Context(), DemoAccountID, id)
		if errors.Is(err, analysis.ErrNotFound) || (err == nil && (!a.IsDemo || time.Since(a.CreatedAt) > demoTTL)) {
			return errStatus(http.StatusNotFound, "Demo analysis not found")
		}
		if err != nil {
			return err
		}
		return d.answer(c, a)
	}
}
