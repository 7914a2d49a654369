package api

import (
	"strings"
	"testing"
)

func TestDetectBrowser(t *testing.T) {
	tests := []struct {
		name, ua, msg, browser string
	}{
		{"chrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "", "Chrome"},
		{"headless chrome", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36", "", "Chrome"},
		{"edge", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", "", "Edge"},
		{"firefox", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "", "Firefox"},
		{"safari", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15", msgSafari, "Safari"},
		{"iphone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", msgMobile, "Safari"},
		{"android chrome", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", msgMobile, "Chrome"},
		{"ipad", "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", msgTablet, "Safari"},
		{"android tablet", "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", msgTablet, "Chrome"},
		{"opera", "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0", msgUnsupported, "Other"},
		{"curl", "curl/8.5.0", msgUnsupported, "Unknown"},
		{"empty", "", msgUnsupported, "Unknown"},
		{"legacy edge", "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763", "", "Edge"},
		{"firefox on iphone", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15", msgMobile, "Firefox"},
		{"chrome on ios without a device word", "Mozilla/5.0 AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Safari/604.1", msgMobile, "Chrome"},
		{"chromium", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/131.0 Safari/537.36", "", "Chrome"},
		{"samsung", "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36", msgMobile, "Other"},
		{"yandex desktop", "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 YaBrowser/24.10 Safari/537.36", msgUnsupported, "Other"},
		{"windows tablet word", "Mozilla/5.0 (Windows NT 10.0; Tablet PC 2.0) Gecko/20100101 Firefox/133.0", msgTablet, "Firefox"},
		{"ipod", "Mozilla/5.0 (iPod touch; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1", msgMobile, "Safari"},
		{"safari word without webkit", "Safari/605.1.15", msgUnsupported, "Unknown"},
		{"user agent cut at 1024 bytes", strings.Repeat("x", 1024) + " Chrome/131.0", msgUnsupported, "Unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, msg := DetectBrowser(tt.ua)
			if msg != tt.msg || b.Name != tt.browser || b.IsSupported != (msg == "") || b.IsSafari != (tt.browser == "Safari") || len(b.UserAgent) > 1024 {
				t.Fatalf("got %+v %q", b, msg)
			}
		})
	}
}

func FuzzDetectBrowser(f *testing.F) {
	f.Add("Mozilla/5.0 Chrome/1 Safari/1")
	f.Add("")
	f.Add("iPad Firefox/1")
	f.Fuzz(func(t *testing.T, ua string) {
		b, msg := DetectBrowser(ua)
		if b.IsSupported != (msg == "") {
			t.Fatalf("%+v %q", b, msg)
		}
		if b.IsSupported && (b.IsMobile || b.IsTablet || b.IsSafari) {
			t.Fatalf("mobile/tablet/safari supported: %+v", b)
		}
	})
}
