package api

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestDetectDemo(t *testing.T) {
	bmp := append([]byte("BM"), make([]byte, 60)...)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"a.txt", []byte("The clerk approves the invoice."), "text/plain"},
		{"a.png", []byte("\x89PNG\r\n\x1a\n0000"), "image/png"},
		{"a.jpg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, "image/jpeg"},
		{"a.gif", []byte("GIF89a....."), "image/gif"},
		{"a.bmp", bmp, "image/bmp"},
		{"a.gif", []byte("not a gif"), ""},
		{"a.exe", []byte("MZ\x90\x00"), ""},
		{"a.bmp", []byte("BM"), ""},
	}
	for _, tt := range tests {
		got, err := detectDemo(tt.name, tt.data)
		if tt.want == "" {
			if err == nil {
				t.Errorf("%s %q accepted as %s", tt.name, tt.data, got)
			}
			continue
		}
		if err != nil || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: %q %v, want %s", tt.name, got, err, tt.want)
		}
	}
}

func FuzzDetectDemo(f *testing.F) {
	f.Add("a.txt", []byte("hello"))
	f.Add("a.gif", []byte("GIF87a"))
	f.Add("a.bmp", []byte("BM"))
	f.Add("a.pdf", []byte("%PDF-1.7"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		got, err := detectDemo(name, data)
		if err == nil && got == "" {
			t.Fatal("accepted without a type")
		}
	})
}

// TestDemoSubjects: the per-address counter uses X-Forwarded-For only when
// the peer is a trusted proxy (and then the nearest untrusted hop); a
// malformed device id is no device.
func TestDemoSubjects(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.5/32"), netip.MustParsePrefix("192.168.1.0/24")}
	for _, tc := range []struct {
		name, remote, xff string
		trusted           []netip.Prefix
		want              string
	}{
		{"direct", "203.0.113.7:5000", "", nil, "203.0.113.7"},
		{"forged header, no trusted proxy", "203.0.113.7:5000", "198.51.100.1", nil, "203.0.113.7"},
		{"forged header from an untrusted peer", "203.0.113.7:5000", "198.51.100.1", proxies, "203.0.113.7"},
		{"trusted proxy", "10.0.0.5:5000", "198.51.100.1", proxies, "198.51.100.1"},
		{"two trusted proxies", "10.0.0.5:5000", "198.51.100.1, 192.168.1.20", proxies, "198.51.100.1"},
		{"client-written hops left of the real one", "10.0.0.5:5000", "1.2.3.4, 198.51.100.1", proxies, "198.51.100.1"},
		{"malformed hop", "10.0.0.5:5000", "198.51.100.1, junk", proxies, "10.0.0.5"},
		{"IPv6 counts per /64", "[2001:db8:1:2:aaaa::1]:5000", "", nil, "2001:db8:1:2::/64"},
		{"IPv4-mapped IPv6", "[::ffff:203.0.113.7]:5000", "", nil, "203.0.113.7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/api/demo/analyze", nil)
			req.RemoteAddr = tc.remote
			if tc.xff != "" {
				req.Header.Set("X-Forwarded-For", tc.xff)
			}
			c := echo.New().NewContext(req, httptest.NewRecorder())
			if got := clientAddr(c, tc.trusted); got != tc.want {
				t.Fatalf("clientAddr = %q, want %q", got, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		id   string
		real bool
	}{
		{"0123abcd-0011223344556677", true},
		{"device-1", false},
		{"0123ABCD-0011223344556677", false},
		{"0123abcd-00", false},
		{"0123abcd-" + strings.Repeat("a", 65), false},
		{"", false},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/demo/analyze", nil)
		req.RemoteAddr = "203.0.113.7:5000"
		req.Header.Set("X-Device-ID", tc.id)
		dev, _ := demoSubjects(echo.New().NewContext(req, httptest.NewRecorder()), nil)
		req.Header.Del("X-Device-ID")
		none, _ := demoSubjects(echo.New().NewContext(req, httptest.NewRecorder()), nil)
		if (dev != none) != tc.real {
			t.Errorf("device id %q: counted as a device = %v, want %v", tc.id, dev != none, tc.real)
		}
	}
}
