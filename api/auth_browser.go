package api

import "strings"

// BrowserInfo is the spec's browser info (part 1 §3).
type BrowserInfo struct {
	Name        string `json:"name"`
	IsMobile    bool   `json:"isMobile"`
	IsTablet    bool   `json:"isTablet"`
	IsSafari    bool   `json:"isSafari"`
	IsSupported bool   `json:"isSupported"`
	UserAgent   string `json:"userAgent"`
}

// Browser-rule messages (spec part 1 §8).
const (
	msgMobile      = "Mobile browsers are not currently supported. Please use a desktop browser."
	msgTablet      = "Tablet browsers are not currently supported. Please use a desktop browser."
	msgSafari      = "Safari is not currently supported."
	msgUnsupported = "Your current browser is not supported. Please use a supported desktop browser."
)

// RecommendedBrowsers are the browsers sign-in supports.
var RecommendedBrowsers = []string{"Chrome", "Edge", "Firefox"}

// DetectBrowser classifies a User-Agent: sign-in is allowed only on desktop
// Chrome (including headless Chrome and Chromium), Edge and Firefox. It
// returns the info and, for refused browsers, the message to show.
func DetectBrowser(ua string) (BrowserInfo, string) {
	if len(ua) > 1024 {
		ua = ua[:1024]
	}
	b := BrowserInfo{UserAgent: ua}
	has := func(s string) bool { return strings.Contains(ua, s) }
	switch {
	case has("Edg/") || has("Edge/"):
		b.Name = "Edge"
	case has("Firefox/") || has("FxiOS/"):
		b.Name = "Firefox"
	case has("OPR/") || has("Opera") || has("SamsungBrowser/") || has("UCBrowser/") || has("YaBrowser/"):
		b.Name = "Other"
	case has("HeadlessChrome/") || has("Chrome/") || has("Chromium/") || has("CriOS/"):
		b.Name = "Chrome"
	case has("Safari/") && has("AppleWebKit/"):
		b.Name, b.IsSafari = "Safari", true
	default:
		b.Name = "Unknown"
	}
	switch {
	case has("iPad") || has("Tablet") || (has("Android") && !has("Mobile")):
		b.IsTablet = true
	case has("Mobi") || has("iPhone") || has("iPod") || has("Android") || has("CriOS/") || has("FxiOS/"):
		b.IsMobile = true
	}
	switch {
	case b.IsMobile:
		return b, msgMobile
	case b.IsTablet:
		return b, msgTablet
	case b.IsSafari:
		return b, msgSafari
	case b.Name == "Chrome" || b.Name == "Edge" || b.Name == "Firefox":
		b.IsSupported = true
		return b, ""
	}
	return b, msgUnsupported
}
